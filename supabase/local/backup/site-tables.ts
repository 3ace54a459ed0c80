import pg from 'pg';
import { SITE_SCHEMAS } from './format';

export interface SiteTable {
  schema: string;
  name: string;
  /** Stored columns in order; generated columns are left out (the database computes them). */
  columns: string[];
}

/** Every table holding the site's data; the same query names what a backup dumps and what a restore must find. */
export async function listSiteTables(client: pg.Client): Promise<SiteTable[]> {
  const { rows } = await client.query<SiteTable>(
    `select n.nspname::text as schema, c.relname::text as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      order by 1, 2`,
    [SITE_SCHEMAS],
  );
  return rows;
}

export const qualifiedName = (table: { schema: string; name: string }) =>
  `${pg.escapeIdentifier(table.schema)}.${pg.escapeIdentifier(table.name)}`;
export const columnList = (table: SiteTable) =>
  table.columns.map((column) => pg.escapeIdentifier(column)).join(', ');
