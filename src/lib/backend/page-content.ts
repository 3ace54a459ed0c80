import type { Backend } from './client';
import type { PageContentRow } from './database.types';
import { unwrap } from './errors';
import { rowsById } from './rows-by-id';

/** read page_content: every section (active or not) by page_name then sort_order. */
export async function listPageContent(backend: Backend): Promise<PageContentRow[]> {
  return unwrap(
    await backend.adminClient
      .from('page_content')
      .select('*')
      .order('page_name')
      .order('sort_order')
      .order('created_at'),
  );
}

/**
 * The writes of page_content by id, each safe to replay (rows-by-id.ts); an update never
 * changes a section's page or name (PageContentUpdate, as the column grants).
 */
export const {
  create: createPageSection,
  update: updatePageSection,
  remove: deletePageSection,
} = rowsById('page_content');
