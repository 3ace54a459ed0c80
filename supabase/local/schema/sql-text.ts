/** The small pieces of SQL text that every part of supabase/schema.sql writes. */

/** A string literal, as standard_conforming_strings reads it. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** pg_dump's comment before each object: its name, kind, schema and owner. */
export function toc(
  name: string,
  type: string,
  schema: string | null,
  owner: string | null,
): string {
  return `--\n-- Name: ${name}; Type: ${type}; Schema: ${schema ?? '-'}; Owner: ${owner ?? '-'}\n--`;
}

/** COMMENT ON `target`, when there is a comment. */
export function comment(target: string, text: string | null): string[] {
  return text === null ? [] : [`COMMENT ON ${target} IS ${literal(text)};`];
}
