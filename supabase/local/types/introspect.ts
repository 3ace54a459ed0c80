/**
 * The pg_catalog queries for schemas, relations, columns, types and functions, and the plain
 * data they return. Foreign keys and views' keys are in relationships.ts.
 */
import type pg from 'pg';

/** Anything that runs a query: a pg.Client, a pool, a pool's client. */
export interface Queryable {
  query<Row extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<Row>>;
}

export interface Relation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  /** Only plain tables and views type a parameter or column of their row type (not foreign tables or materialized views). */
  isPlain: boolean;
  /** Views: whether Insert and Update are typed (Postgres can update and delete through it). */
  isUpdatable: boolean;
}

export interface Column {
  tableId: number;
  name: string;
  /** The type's name in pg_type (a domain's base type): int4, _text, jsonb. */
  typeName: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityAlways: boolean;
  hasDefault: boolean;
  isUpdatable: boolean;
}

export interface PgType {
  id: number;
  name: string;
  schema: string;
  /** As format_type writes it: schema-qualified when the schema is not on the search path. */
  format: string;
  enums: string[];
  attributes: { name: string; type_id: number }[];
  /** The relation whose row type this is (tables, views, composite types). */
  relationId: number | null;
}

export interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  type_id: number;
  /** Null past the input parameters (pg_proc numbers defaults over those only). */
  has_default: boolean | null;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  argumentTypes: string;
  returnType: string;
  returnTypeId: number;
  returnTypeRelationId: number | null;
  returnsSet: boolean;
  /** The planner's row estimate of a set-returning function; null otherwise. */
  rows: number | null;
}

const optionalNumber = (value: string | null) => (value === null ? null : Number(value));

/** Those of `wanted` that exist, by name. */
export async function readSchemas(db: Queryable, wanted: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname = any($1)',
    [wanted],
  );
  return rows.map((row) => row.name).sort((a, b) => a.localeCompare(b));
}

export async function readRelations(
  db: Queryable,
  schemas: readonly string[],
): Promise<Relation[]> {
  const { rows } = await db.query<{
    id: string;
    schema: string;
    name: string;
    relkind: string;
    updatable: boolean;
  }>(
    `select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind,
            c.relkind = 'v' and (pg_relation_is_updatable(c.oid, false) & 20) = 20 as updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
    [schemas],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    schema: row.schema,
    name: row.name,
    kind: ['r', 'p', 'f'].includes(row.relkind) ? 'table' : 'view',
    isPlain: ['r', 'p', 'v'].includes(row.relkind),
    isUpdatable: row.updatable,
  }));
}

export async function readColumns(db: Queryable, schemas: readonly string[]): Promise<Column[]> {
  const { rows } = await db.query<{
    table_id: string;
    name: string;
    type_name: string;
    is_nullable: boolean;
    identity: string;
    has_default: boolean;
    is_updatable: boolean;
  }>(
    `select c.oid::int8 as table_id, a.attname as name, coalesce(base.typname, t.typname) as type_name,
            not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
            a.attidentity::text as identity, a.atthasdef as has_default,
            c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as is_updatable
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type base on t.typtype = 'd' and base.oid = t.typbasetype
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped`,
    [schemas],
  );
  return rows.map((row) => ({
    tableId: Number(row.table_id),
    name: row.name,
    typeName: row.type_name,
    isNullable: row.is_nullable,
    isIdentity: row.identity === 'a' || row.identity === 'd',
    identityAlways: row.identity === 'a',
    hasDefault: row.has_default,
    isUpdatable: row.is_updatable,
  }));
}

/** Every type of every schema: columns and parameters may use types from anywhere. */
export async function readTypes(db: Queryable): Promise<PgType[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    schema: string;
    format: string;
    enums: string[] | null;
    attributes: { name: string; type_id: number }[] | null;
    relation_id: string | null;
  }>(
    `select t.oid::int8 as id, t.typname as name, n.nspname as schema, format_type(t.oid, null) as format,
            (select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as enums,
            (select jsonb_agg(jsonb_build_object('name', a.attname, 'type_id', a.atttypid::int8) order by a.attnum)
               from pg_class c join pg_attribute a on a.attrelid = c.oid
              where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped) as attributes,
            nullif(t.typrelid, 0)::int8 as relation_id
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typrelid = 0 or exists (select from pg_class c where c.oid = t.typrelid and c.relkind in ('c', 'r', 'v', 'm', 'p'))`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    schema: row.schema,
    format: row.format,
    enums: row.enums ?? [],
    attributes: row.attributes ?? [],
    relationId: optionalNumber(row.relation_id),
  }));
}

export async function readFunctions(
  db: Queryable,
  schemas: readonly string[],
): Promise<DbFunction[]> {
  const { rows } = await db.query<{
    schema: string;
    name: string;
    modes: string[];
    names: string[];
    type_ids: string[];
    defaults_from: number;
    input_count: number;
    argument_types: string;
    return_type: string;
    return_type_id: string;
    return_type_relation_id: string | null;
    returns_set: boolean;
    rows: number | null;
  }>(
    `select n.nspname as schema, p.proname as name,
            coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as modes,
            coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes))])) as names,
            coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[]::text[] as type_ids,
            p.pronargs - p.pronargdefaults as defaults_from, p.pronargs as input_count,
            pg_get_function_arguments(p.oid) as argument_types, pg_get_function_result(p.oid) as return_type,
            p.prorettype::int8 as return_type_id, nullif(rt.typrelid, 0)::int8 as return_type_relation_id,
            p.proretset as returns_set, case when p.proretset then nullif(p.prorows, 0) end as rows
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       left join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1) and p.prokind = 'f'
        and pg_get_function_result(p.oid) not in ('trigger', 'event_trigger')`,
    [schemas],
  );
  const modeNames: Record<string, FunctionArg['mode']> = {
    i: 'in',
    o: 'out',
    b: 'inout',
    v: 'variadic',
    t: 'table',
  };
  return rows.map((row) => ({
    schema: row.schema,
    name: row.name,
    // pg_proc counts defaults over the first pronargs entries of the full argument list, so an
    // OUT or TABLE column there takes a flag and entries past it have none (postgres-meta does the same).
    args: row.modes.map((mode, index) => ({
      mode: modeNames[mode] ?? 'table',
      name: row.names[index] ?? '',
      type_id: Number(row.type_ids[index]),
      has_default: index < row.input_count ? index >= row.defaults_from : null,
    })),
    argumentTypes: row.argument_types,
    returnType: row.return_type,
    returnTypeId: Number(row.return_type_id),
    returnTypeRelationId: optionalNumber(row.return_type_relation_id),
    returnsSet: row.returns_set,
    rows: row.rows,
  }));
}
