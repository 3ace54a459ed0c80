import { unwrap } from './errors';

/**
 * PostgREST answers at most db-max-rows rows per request (1000 on hosted Supabase, and in the
 * local stack), silently. Lists that can be longer (an album's photos) are read page by page,
 * in a stable order, until a short page says the end is reached.
 */
export const PAGE_ROWS = 1000;

/**
 * The first page of a streamed list: a few screens of a grid. A 1,000-photo album is about
 * 750 KB of JSON, seconds on a phone's connection; its first screen needs only this much.
 */
export const FIRST_PAGE_ROWS = 30;

interface PageResult<T> {
  data: T[] | null;
  error: unknown;
  status?: number;
}

type ReadPage<T> = (from: number, to: number) => PromiseLike<PageResult<T>>;

/** Yields a list page by page, as each arrives: the first of `firstRows`, then PAGE_ROWS at a time. */
export async function* streamPages<T>(
  readPage: ReadPage<T>,
  firstRows = FIRST_PAGE_ROWS,
): AsyncGenerator<T[]> {
  for (let from = 0, size = firstRows; ; from += size, size = PAGE_ROWS) {
    const page = unwrap(await readPage(from, from + size - 1));
    yield page;
    if (page.length < size) return;
  }
}

/** The whole list, read PAGE_ROWS at a time. */
export async function readAllPages<T>(readPage: ReadPage<T>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of streamPages(readPage, PAGE_ROWS)) rows.push(...page);
  return rows;
}
