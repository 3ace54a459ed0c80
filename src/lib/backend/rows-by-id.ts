import type { Backend } from './client';
import type { Database } from './database.types';
import { unwrap } from './errors';

/** The admin tables whose rows the browser names by id (ids made in the browser: docs/offline.md). */
type TableById = 'service_packages' | 'testimonials' | 'page_content' | 'gallery_links';

type Tables = Database['public']['Tables'];

/**
 * The writes of such a table, each safe to replay: a create is an upsert that ignores a row
 * with the same id (the server may already have it when its answer was lost), an update and a
 * delete find the row by id. The rows are typed as the table's (database.types.ts: the columns
 * the API roles may write), with the browser's id required.
 */
export function rowsById<Table extends TableById>(table: Table) {
  type Insert = Tables[Table]['Insert'] & { id: string };
  type Update = Tables[Table]['Update'];
  // Typed as one of the tables: the calls are the same for each, and the rows are typed above.
  const rows = (backend: Backend) => backend.adminClient.from(table as 'testimonials');
  return {
    /** insert a row; a replay of the same id is ignored. */
    create: async (backend: Backend, row: Insert): Promise<void> => {
      unwrap(
        await rows(backend).upsert(row as never, { onConflict: 'id', ignoreDuplicates: true }),
      );
    },
    /** update a row by id. */
    update: async (backend: Backend, id: string, changes: Update): Promise<void> => {
      unwrap(
        await rows(backend)
          .update(changes as never)
          .eq('id', id),
      );
    },
    /** delete a row by id. */
    remove: async (backend: Backend, id: string): Promise<void> => {
      unwrap(await rows(backend).delete().eq('id', id));
    },
  };
}
