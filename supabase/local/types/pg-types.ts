/** Postgres types to TypeScript types, by postgres-meta's rules. */
import type { Catalog } from './catalog';
import type { Column } from './introspect';
import { nullable, quote } from './text';

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING_TYPES = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
]);

/** The TypeScript type of a Postgres type, by its pg_type name, as seen from `schema`. */
export function tsTypeOf(catalog: Catalog, schema: string, typeName: string): string {
  if (typeName === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(typeName)) return 'number';
  if (STRING_TYPES.has(typeName)) return 'string';
  if (typeName === 'json' || typeName === 'jsonb') return 'Json';
  if (typeName === 'void') return 'undefined';
  if (typeName === 'record') return 'Record<string, unknown>';
  if (typeName.startsWith('_')) return `(${tsTypeOf(catalog, schema, typeName.slice(1))})[]`;

  // Same-named types in several schemas: the one of this schema, else the first found.
  const pick = <T extends { schema: string }>(candidates: T[]) =>
    candidates.find((candidate) => candidate.schema === schema) ?? candidates[0];
  const exposed = (name: string) => catalog.schemas.includes(name);

  const enumType = pick(
    catalog.types.filter((type) => type.name === typeName && type.enums.length > 0),
  );
  if (enumType) {
    return exposed(enumType.schema)
      ? `Database[${quote(enumType.schema)}]['Enums'][${quote(enumType.name)}]`
      : enumType.enums.map(quote).join(' | ');
  }
  const compositeType = pick(
    catalog.types.filter((type) => type.name === typeName && type.attributes.length > 0),
  );
  if (compositeType) {
    return exposed(compositeType.schema)
      ? `Database[${quote(compositeType.schema)}]['CompositeTypes'][${quote(compositeType.name)}]`
      : 'unknown';
  }
  for (const [kind, section] of [
    ['table', 'Tables'],
    ['view', 'Views'],
  ] as const) {
    const relation = pick(
      catalog.relations.filter(
        (candidate) => candidate.kind === kind && candidate.isPlain && candidate.name === typeName,
      ),
    );
    if (relation)
      return `Database[${quote(relation.schema)}][${quote(section)}][${quote(relation.name)}]['Row']`;
  }
  return 'unknown';
}

export function tsTypeOfId(catalog: Catalog, schema: string, typeId: number): string {
  const type = catalog.typesById.get(typeId);
  return type ? tsTypeOf(catalog, schema, type.name) : 'unknown';
}

/** A table's, view's or composite type's row type. */
export const isRowType = (catalog: Catalog, typeId: number) =>
  (catalog.typesById.get(typeId)?.relationId ?? null) !== null;

/** One column as a member of a Row, Insert or Update type. */
export function columnMember(
  catalog: Catalog,
  schema: string,
  column: Column,
  options: { optional: boolean; nullable: boolean },
): string {
  return `${quote(column.name)}${options.optional ? '?' : ''}: ${nullable(tsTypeOf(catalog, schema, column.typeName), options.nullable)}`;
}
