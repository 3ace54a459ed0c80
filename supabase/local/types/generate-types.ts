/**
 * The database types as `supabase gen types typescript` writes them, made from the database
 * itself. The rules are those of the real generator (postgres-meta's TypeScript template,
 * src/server/templates/typescript.ts), reimplemented on our own catalog queries:
 *
 * - a nullable column is `T | null`; Insert makes a column optional when it is nullable, has a
 *   default or is an identity (`?: never` for GENERATED ALWAYS); Update makes every column optional;
 * - an RPC parameter with a default is optional, and no parameter is ever `| null`;
 * - `returns setof` / `returns table` give arrays, and a `returns table` column is never `| null`
 *   (Postgres does not record whether it can be null);
 * - json/jsonb is `Json`, an enum a union of its labels, bigint and numeric a `number`;
 * - every function of an exposed schema is listed, whatever its grants (as postgres-meta does),
 *   except trigger functions and those PostgREST cannot call (unnamed parameters); overloads are
 *   a union of signatures, and ones PostgREST cannot choose between say so in their `Returns`;
 * - relationships are the foreign keys, also through views that show their columns.
 *
 * Check constraints (a text column that only takes 'off' | 'web' | 'original') and the shape
 * of a jsonb result are beyond it, as they are beyond the real generator: the hand-kept layer
 * src/lib/backend/database.types.ts narrows those.
 *
 * introspect.ts and relationships.ts read the catalog, pg-types.ts maps the types, render.ts,
 * functions.ts and helper-types.ts write the text.
 */
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { POSTGREST_EXPOSED } from '../postgrest';
import { readCatalog } from './catalog';
import type { Queryable } from './introspect';
import { renderTypes } from './render';

/** The file `npm run types` writes and tests/integration/generated-types.test.ts compares. */
export const GENERATED_TYPES_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'src',
  'lib',
  'backend',
  'database.generated.ts',
);

export interface GenerateTypesOptions {
  /** The schemas PostgREST exposes; only these are typed. */
  schemas?: readonly string[];
  /** Written into `__InternalSupabase` so supabase-js picks the PostgREST features it may use. */
  postgrestVersion?: string;
}

/**
 * The text of src/lib/backend/database.generated.ts for the database `db` is connected to,
 * formatted with the repository's Prettier settings.
 */
export async function generateTypes(
  db: Queryable,
  options: GenerateTypesOptions = {},
): Promise<string> {
  const catalog = await readCatalog(db, options.schemas ?? POSTGREST_EXPOSED.schemas);
  const text = renderTypes(catalog, options.postgrestVersion ?? '12');
  const config = await resolveConfig(GENERATED_TYPES_FILE);
  return format(text, { ...config, filepath: GENERATED_TYPES_FILE });
}
