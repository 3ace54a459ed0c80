import type { Backend } from './client';
import type { PageContentInsert, PageContentRow, PageContentUpdate } from './database.types';
import { unwrap } from './errors';

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

/** insert into page_content; a replay of the same id is ignored. */
export async function createPageSection(
  backend: Backend,
  section: PageContentInsert & { id: string },
): Promise<void> {
  unwrap(
    await backend.adminClient
      .from('page_content')
      .upsert(section, { onConflict: 'id', ignoreDuplicates: true }),
  );
}

/** update page_content by id (never its page or section name). */
export async function updatePageSection(
  backend: Backend,
  id: string,
  changes: PageContentUpdate,
): Promise<void> {
  unwrap(await backend.adminClient.from('page_content').update(changes).eq('id', id));
}

/** delete from page_content by id. */
export async function deletePageSection(backend: Backend, id: string): Promise<void> {
  unwrap(await backend.adminClient.from('page_content').delete().eq('id', id));
}
