import { unwrap } from './errors';

/**
 * PostgREST answers at most db-max-rows rows per request (1000 on hosted Supabase, and in the
 * local stack), silently. Lists that can be longer (an album's photos) are read page by page,
 * in a stable order, until a short page says the end is reached.
 */
export const PAGE_ROWS = 1000;

interface PageResult<T> {
  data: T[] | null;
  error: unknown;
  status?: number;
}

export async function readAllPages<T>(readPage: (from: number, to: number) => PromiseLike<PageResult<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const page = unwrap(await readPage(from, from + PAGE_ROWS - 1));
    rows.push(...page);
    if (page.length < PAGE_ROWS) return rows;
  }
}
