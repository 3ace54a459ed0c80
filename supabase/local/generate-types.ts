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
 */
import { join } from 'node:path';
import type pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { POSTGREST_EXPOSED } from './postgrest';

/** The file `npm run types` writes and tests/integration/generated-types.test.ts compares. */
export const GENERATED_TYPES_FILE = join(import.meta.dirname, '..', '..', 'src', 'lib', 'backend', 'database.generated.ts');

export interface GenerateTypesOptions {
  /** The schemas PostgREST exposes; only these are typed. */
  schemas?: readonly string[];
  /** Written into `__InternalSupabase` so supabase-js picks the PostgREST features it may use. */
  postgrestVersion?: string;
}

/** Anything that runs a query: a pg.Client, a pool, a pool's client. */
export interface Queryable {
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
}

interface Relation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view';
  /** Only plain tables and views type a parameter or column of their row type (not foreign tables or materialized views). */
  isPlain: boolean;
  /** Views: whether Insert and Update are typed (Postgres can update and delete through it). */
  isUpdatable: boolean;
}

interface Column {
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

interface PgType {
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

interface FunctionArg {
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  name: string;
  type_id: number;
  /** Null past the input parameters (pg_proc numbers defaults over those only). */
  has_default: boolean | null;
}

interface DbFunction {
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

interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

// PostgREST calls a function with one unnamed parameter only when it is json, jsonb or text.
const UNNAMED_PARAMETER_TYPES = new Set([114, 3802, 25]);
const INPUT_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const quote = (name: string) => JSON.stringify(name);

// ---------------------------------------------------------------------------------------------
// What the catalog says
// ---------------------------------------------------------------------------------------------

async function readRelations(db: Queryable, schemas: readonly string[]): Promise<Relation[]> {
  const { rows } = await db.query<{ id: string; schema: string; name: string; relkind: string; updatable: boolean }>(
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

async function readColumns(db: Queryable, schemas: readonly string[]): Promise<Column[]> {
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
async function readTypes(db: Queryable): Promise<PgType[]> {
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
    relationId: row.relation_id === null ? null : Number(row.relation_id),
  }));
}

async function readFunctions(db: Queryable, schemas: readonly string[]): Promise<DbFunction[]> {
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
  const modeNames: Record<string, FunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };
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
    returnTypeRelationId: row.return_type_relation_id === null ? null : Number(row.return_type_relation_id),
    returnsSet: row.returns_set,
    rows: row.rows,
  }));
}

// ---------------------------------------------------------------------------------------------
// Relationships: foreign keys between tables, and through views that show the key columns
// ---------------------------------------------------------------------------------------------

interface ForeignKey {
  name: string;
  schema: string;
  table: number;
  relation: string;
  columns: number[];
  columnNames: string[];
  referencedTable: number;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: number[];
  referencedColumnNames: string[];
  isOneToOne: boolean;
}

async function readForeignKeys(db: Queryable, schemas: readonly string[]): Promise<ForeignKey[]> {
  const { rows } = await db.query<{
    name: string;
    schema: string;
    table: string;
    relation: string;
    columns: number[];
    column_names: string[];
    referenced_table: string;
    referenced_schema: string;
    referenced_relation: string;
    referenced_columns: number[];
    referenced_column_names: string[];
    is_one_to_one: boolean;
  }>(
    `select k.conname as name, kn.nspname as schema, k.conrelid::int8 as table, t.relname as relation,
            k.conkey::int[] as columns,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as column_names,
            k.confrelid::int8 as referenced_table, rn.nspname as referenced_schema, r.relname as referenced_relation,
            k.confkey::int[] as referenced_columns,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, ord)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord) as referenced_column_names,
            -- one-to-one: the key's columns, in its order, are those of a primary key or unique
            -- constraint of the table, in column order
            exists (
              select from pg_constraint u
               where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                 and array(select a.attname::text from pg_attribute a where a.attrelid = u.conrelid and a.attnum = any(u.conkey) order by a.attnum)
                   = array(select a.attname::text from unnest(k.conkey) with ordinality x(attnum, ord)
                             join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum order by x.ord)
            ) as is_one_to_one
       from pg_constraint k
       join pg_namespace kn on kn.oid = k.connamespace
       join pg_class t on t.oid = k.conrelid
       join pg_class r on r.oid = k.confrelid
       join pg_namespace rn on rn.oid = r.relnamespace
      where k.contype = 'f' and k.conparentid = 0 and kn.nspname = any($1)`,
    [schemas],
  );
  return rows.map((row) => ({
    name: row.name,
    schema: row.schema,
    table: Number(row.table),
    relation: row.relation,
    columns: row.columns,
    columnNames: row.column_names,
    referencedTable: Number(row.referenced_table),
    referencedSchema: row.referenced_schema,
    referencedRelation: row.referenced_relation,
    referencedColumns: row.referenced_columns,
    referencedColumnNames: row.referenced_column_names,
    isOneToOne: row.is_one_to_one,
  }));
}

type TreeValue = string | TreeValue[] | TreeNode;
interface TreeNode {
  type: string;
  fields: Map<string, TreeValue[]>;
}

/** Reads the text of a pg_node_tree (a view's rewrite rule) into nodes, lists and atoms. */
function parseNodeTree(text: string): TreeValue[] {
  const tokens: string[] = [];
  let current = '';
  const flush = () => {
    if (current !== '') tokens.push(current);
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') {
      // outfuncs.c escapes whitespace, parentheses, braces and backslashes inside names.
      current += text[i + 1] ?? '';
      i++;
    } else if (char === '(' || char === ')' || char === '{' || char === '}') {
      flush();
      tokens.push(char);
    } else if (/\s/.test(char)) {
      flush();
    } else {
      current += char;
    }
  }
  flush();

  let position = 0;
  const readValue = (): TreeValue => {
    const token = tokens[position++];
    if (token === '(') {
      const items: TreeValue[] = [];
      while (tokens[position] !== ')' && position < tokens.length) items.push(readValue());
      position++;
      return items;
    }
    if (token === '{') {
      const node: TreeNode = { type: tokens[position++] ?? '', fields: new Map() };
      let field = '';
      while (tokens[position] !== '}' && position < tokens.length) {
        const next = tokens[position]!;
        if (next.startsWith(':')) {
          field = next.slice(1);
          node.fields.set(field, []);
          position++;
        } else {
          node.fields.get(field)?.push(readValue());
        }
      }
      position++;
      return node;
    }
    return token ?? '';
  };
  const values: TreeValue[] = [];
  while (position < tokens.length) values.push(readValue());
  return values;
}

const isNode = (value: TreeValue | undefined): value is TreeNode => typeof value === 'object' && !Array.isArray(value);

/** For each column of a view (by number), the table column its value is, if it is one. */
function viewColumnOrigins(rule: string): Map<number, { table: number; column: number }> {
  const origins = new Map<number, { table: number; column: number }>();
  const [list] = parseNodeTree(rule);
  const query = Array.isArray(list) ? list[0] : undefined;
  if (!isNode(query)) return origins;
  // Only the view's own target list: subqueries have theirs, numbered from 1 again.
  const [targetList] = query.fields.get('targetList') ?? [];
  if (!Array.isArray(targetList)) return origins;
  for (const entry of targetList) {
    if (!isNode(entry)) continue;
    const field = (name: string) => Number(entry.fields.get(name)?.[0]);
    const table = field('resorigtbl');
    if (table > 0) origins.set(field('resno'), { table, column: field('resorigcol') });
  }
  return origins;
}

/** A foreign key's columns as a view shows them: for each key column, the view columns that are it. */
interface ViewKeyDependency {
  view: Relation;
  constraint: string;
  /** 'f': the view shows the referencing columns; 'f_ref': the referenced ones. */
  side: 'f' | 'f_ref';
  tableSchema: string;
  tableName: string;
  columns: { viewColumns: string[] }[];
}

async function readViewKeyDependencies(
  db: Queryable,
  schemas: readonly string[],
  views: Relation[],
  foreignKeys: ForeignKey[],
): Promise<ViewKeyDependency[]> {
  if (views.length === 0) return [];
  const { rows } = await db.query<{ id: string; rule: string; columns: { attnum: number; name: string }[] }>(
    `select c.oid::int8 as id, r.ev_action::text as rule,
            (select jsonb_agg(jsonb_build_object('attnum', a.attnum, 'name', a.attname) order by a.attnum)
               from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
      where n.nspname = any($1) and c.relkind in ('v', 'm')`,
    [schemas],
  );
  const originsByView = new Map(rows.map((row) => [Number(row.id), viewColumnOrigins(row.rule)]));

  const dependencies: ViewKeyDependency[] = [];
  for (const row of rows) {
    const view = views.find((candidate) => candidate.id === Number(row.id));
    if (!view) continue;
    // Every (table, column) each view column comes from, through views of views (no cycles).
    const sources = new Map<string, string[]>();
    for (const { attnum, name } of row.columns ?? []) {
      let origin = originsByView.get(view.id)?.get(attnum);
      const seen = new Set<number>([view.id]);
      while (origin) {
        const key = `${origin.table}.${origin.column}`;
        sources.set(key, [...(sources.get(key) ?? []), name]);
        if (seen.has(origin.table)) break;
        seen.add(origin.table);
        origin = originsByView.get(origin.table)?.get(origin.column);
      }
    }
    for (const key of foreignKeys) {
      for (const side of ['f', 'f_ref'] as const) {
        const table = side === 'f' ? key.table : key.referencedTable;
        const keyColumns = side === 'f' ? key.columns : key.referencedColumns;
        const shown = keyColumns.map((column) => ({ viewColumns: sources.get(`${table}.${column}`) ?? [] }));
        if (shown.some((column) => column.viewColumns.length === 0)) continue;
        dependencies.push({
          view,
          constraint: key.name,
          side,
          tableSchema: side === 'f' ? key.schema : key.referencedSchema,
          tableName: side === 'f' ? key.relation : key.referencedRelation,
          columns: shown,
        });
      }
    }
  }
  return dependencies;
}

/** Every choice of one view column per key column. */
function viewColumnChoices(columns: { viewColumns: string[] }[]): string[][] {
  return columns.reduce<string[][]>(
    (choices, column) => choices.flatMap((choice) => column.viewColumns.map((viewColumn) => [...choice, viewColumn])),
    [[]],
  );
}

function relationshipsOf(foreignKeys: ForeignKey[], viewKeys: ViewKeyDependency[]): Relationship[] {
  const tableRelationships: Relationship[] = foreignKeys.map((key) => ({
    foreignKeyName: key.name,
    schema: key.schema,
    relation: key.relation,
    columns: key.columnNames,
    isOneToOne: key.isOneToOne,
    referencedSchema: key.referencedSchema,
    referencedRelation: key.referencedRelation,
    referencedColumns: key.referencedColumnNames,
  }));
  const viewRelationships = tableRelationships.flatMap((relationship) => {
    const fromViews = viewKeys.filter(
      (dependency) =>
        dependency.side === 'f' &&
        dependency.constraint === relationship.foreignKeyName &&
        dependency.tableSchema === relationship.schema &&
        dependency.tableName === relationship.relation,
    );
    const toViews = viewKeys.filter(
      (dependency) =>
        dependency.side === 'f_ref' &&
        dependency.constraint === relationship.foreignKeyName &&
        dependency.tableSchema === relationship.referencedSchema &&
        dependency.tableName === relationship.referencedRelation,
    );
    const viewToTable = fromViews.flatMap((from) =>
      viewColumnChoices(from.columns).map((columns) => ({
        ...relationship,
        schema: from.view.schema,
        relation: from.view.name,
        columns,
      })),
    );
    const tableToView = toViews.flatMap((to) =>
      viewColumnChoices(to.columns).map((referencedColumns) => ({
        ...relationship,
        referencedSchema: to.view.schema,
        referencedRelation: to.view.name,
        referencedColumns,
      })),
    );
    const viewToView = fromViews.flatMap((from) =>
      viewColumnChoices(from.columns).flatMap((columns) =>
        toViews.flatMap((to) =>
          viewColumnChoices(to.columns).map((referencedColumns) => ({
            ...relationship,
            schema: from.view.schema,
            relation: from.view.name,
            columns,
            referencedSchema: to.view.schema,
            referencedRelation: to.view.name,
            referencedColumns,
          })),
        ),
      ),
    );
    return [...viewToTable, ...tableToView, ...viewToView];
  });
  return [...tableRelationships, ...viewRelationships].sort(
    (a, b) =>
      a.foreignKeyName.localeCompare(b.foreignKeyName) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      JSON.stringify(a.referencedColumns).localeCompare(JSON.stringify(b.referencedColumns)),
  );
}

// ---------------------------------------------------------------------------------------------
// The TypeScript text
// ---------------------------------------------------------------------------------------------

interface Catalog {
  schemas: string[];
  relations: Relation[];
  columnsByRelation: Map<number, Column[]>;
  types: PgType[];
  typesById: Map<number, PgType>;
  functions: DbFunction[];
  relationships: Relationship[];
}

/** An object type with one member a line: Prettier keeps it so, and a changed column is a one-line diff. */
const block = (members: string[]) => `{\n${members.join('\n')}\n}`;

const nullable = (tsType: string, isNullable: boolean) => (isNullable && tsType !== 'unknown' ? `${tsType} | null` : tsType);

/** The TypeScript type of a Postgres type, by its pg_type name, as seen from `schema`. */
function tsTypeOf(catalog: Catalog, schema: string, typeName: string): string {
  if (typeName === 'bool') return 'boolean';
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(typeName)) return 'number';
  if (
    [
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
    ].includes(typeName)
  ) {
    return 'string';
  }
  if (typeName === 'json' || typeName === 'jsonb') return 'Json';
  if (typeName === 'void') return 'undefined';
  if (typeName === 'record') return 'Record<string, unknown>';
  if (typeName.startsWith('_')) return `(${tsTypeOf(catalog, schema, typeName.slice(1))})[]`;

  // Same-named types in several schemas: the one of this schema, else the first found.
  const pick = <T extends { schema: string }>(candidates: T[]) =>
    candidates.find((candidate) => candidate.schema === schema) ?? candidates[0];
  const exposed = (name: string) => catalog.schemas.includes(name);

  const enumType = pick(catalog.types.filter((type) => type.name === typeName && type.enums.length > 0));
  if (enumType) {
    return exposed(enumType.schema)
      ? `Database[${quote(enumType.schema)}]['Enums'][${quote(enumType.name)}]`
      : enumType.enums.map(quote).join(' | ');
  }
  const compositeType = pick(catalog.types.filter((type) => type.name === typeName && type.attributes.length > 0));
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
      catalog.relations.filter((candidate) => candidate.kind === kind && candidate.isPlain && candidate.name === typeName),
    );
    if (relation) return `Database[${quote(relation.schema)}][${quote(section)}][${quote(relation.name)}]['Row']`;
  }
  return 'unknown';
}

function tsTypeOfId(catalog: Catalog, schema: string, typeId: number): string {
  const type = catalog.typesById.get(typeId);
  return type ? tsTypeOf(catalog, schema, type.name) : 'unknown';
}

/** A table's, view's or composite type's row type. */
const isRowType = (catalog: Catalog, typeId: number) => (catalog.typesById.get(typeId)?.relationId ?? null) !== null;

/** A function PostgREST can call: named parameters, or one unnamed json/jsonb/text (or table row) one. */
function isCallable(catalog: Catalog, inArgs: FunctionArg[]): boolean {
  if (inArgs.length === 0 || inArgs.every((arg) => arg.name !== '')) return true;
  if (inArgs.every((arg) => arg.name !== '' || (arg.has_default && UNNAMED_PARAMETER_TYPES.has(arg.type_id)))) return true;
  const [only] = inArgs;
  return inArgs.length === 1 && only !== undefined && (UNNAMED_PARAMETER_TYPES.has(only.type_id) || isRowType(catalog, only.type_id));
}

/** The table or view a function returns rows of (or the composite type's name), if any. */
function returnedRelationName(catalog: Catalog, fn: DbFunction): string | null {
  if (fn.returnTypeRelationId === null) return null;
  const relation = catalog.relations.find((candidate) => candidate.id === fn.returnTypeRelationId);
  if (relation) return relation.name;
  const type = catalog.typesById.get(fn.returnTypeId);
  return type && type.relationId !== null ? type.name : null;
}

function columnMember(catalog: Catalog, schema: string, column: Column, options: { optional: boolean; nullable: boolean }): string {
  return `${quote(column.name)}${options.optional ? '?' : ''}: ${nullable(tsTypeOf(catalog, schema, column.typeName), options.nullable)}`;
}

/** What one call returns, before the set and SetofOptions are applied. */
function returnShape(catalog: Catalog, schema: string, fn: DbFunction): string {
  const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
  if (tableColumns.length > 0) {
    return block(tableColumns.map((arg) => `${quote(arg.name)}: ${tsTypeOfId(catalog, schema, arg.type_id)}`));
  }
  const relation = catalog.relations.find((candidate) => candidate.schema === schema && candidate.id === fn.returnTypeRelationId);
  if (relation) {
    const columns = catalog.columnsByRelation.get(relation.id) ?? [];
    return block(columns.map((column) => columnMember(catalog, schema, column, { optional: false, nullable: column.isNullable })));
  }
  return tsTypeOfId(catalog, schema, fn.returnTypeId);
}

/** Returns with the array of a set and the SetofOptions postgrest-js reads for embedding. */
function returnsMember(catalog: Catalog, fn: DbFunction, shape: string): string {
  const relationName = returnedRelationName(catalog, fn);
  const manyRows = fn.rows !== null && fn.rows > 1;
  let setof = '';
  if (relationName) {
    setof = `SetofOptions: { from: '*'; to: ${quote(relationName)}; isOneToOne: ${!manyRows}; isSetofReturn: ${fn.returnsSet} }`;
  }
  const rowArgument = fn.args.length === 1 ? catalog.typesById.get(fn.args[0]!.type_id) : undefined;
  if (rowArgument && rowArgument.relationId !== null && relationName) {
    // A computed relationship: a function of one table's row, selected from that table.
    const source = rowArgument.format;
    const setOfRelation = fn.returnsSet && fn.returnTypeRelationId !== null;
    setof = setOfRelation
      ? `SetofOptions: { from: ${quote(source)}; to: ${quote(relationName)}; isOneToOne: ${!manyRows}; isSetofReturn: true }`
      : `SetofOptions: { from: ${quote(source)}; to: ${quote(relationName)}; isOneToOne: true; isSetofReturn: false }`;
  }
  // A ROWS 1 estimate makes one row only where SetofOptions tells postgrest-js so.
  const oneRow = !manyRows && relationName !== null;
  return `Returns: ${shape}${fn.returnsSet && !oneRow ? '[]' : ''}${setof ? `; ${setof}` : ''}`;
}

/** Why PostgREST cannot choose this overload, if it cannot. */
function overloadConflict(
  catalog: Catalog,
  schema: string,
  group: { fn: DbFunction; inArgs: FunctionArg[] }[],
  fn: DbFunction,
  inArgs: FunctionArg[],
): string | null {
  if (group.length <= 1) return null;
  const typeName = (id: number) => catalog.typesById.get(id)?.name ?? 'unknown';
  if (inArgs.length === 0) {
    const other = group.find(({ fn: o, inArgs: a }) => o !== fn && a.length === 1 && a[0]!.name === '' && a[0]!.has_default);
    if (other) {
      return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)}). Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
    }
  }
  const [only] = inArgs;
  if (inArgs.length === 1 && only && only.name !== '') {
    const others = group.filter(
      ({ fn: o, inArgs: a }) => o !== fn && a.length === 1 && a[0]!.name === only.name && a[0]!.type_id !== only.type_id,
    );
    if (others.length > 0) {
      const list = [{ fn, inArgs }, ...others]
        .sort((a, b) => (a.inArgs[0]?.type_id ?? 0) - (b.inArgs[0]?.type_id ?? 0))
        .map(({ inArgs: args }) => `${schema}.${fn.name}(${args.map((arg) => `${arg.name} => ${typeName(arg.type_id)}`).join(', ')})`)
        .join(', ');
      return `Could not choose the best candidate function between: ${list}. Try renaming the parameters or the function itself in the database so function overloading can be resolved`;
    }
  }
  return null;
}

function functionSignatures(catalog: Catalog, schema: string, group: { fn: DbFunction; inArgs: FunctionArg[] }[]): string {
  return group
    .map(({ fn, inArgs }) => {
      const args =
        inArgs.length === 0
          ? 'never'
          : block(inArgs.map((arg) => `${quote(arg.name)}${arg.has_default ? '?' : ''}: ${tsTypeOfId(catalog, schema, arg.type_id)}`));
      const conflict = overloadConflict(catalog, schema, group, fn, inArgs);
      const [only] = inArgs;
      // One unnamed row parameter, no rows returned: a computed field to PostgREST, not an RPC.
      const rowError = inArgs.length === 1 && only?.name === '' && isRowType(catalog, only.type_id) && !returnedRelationName(catalog, fn);
      let shape = returnShape(catalog, schema, fn);
      if (conflict) shape = `{ error: true } & ${quote(conflict)}`;
      else if (rowError) {
        shape = `{ error: true } & ${quote(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
      }
      return block([`Args: ${args}`, returnsMember(catalog, fn, shape)]);
    })
    .join(' | ');
}

function relationshipsMember(relationships: Relationship[]): string {
  return `Relationships: [${relationships
    .map(
      (relationship) => `{
        foreignKeyName: ${quote(relationship.foreignKeyName)}
        columns: ${JSON.stringify(relationship.columns)}
        isOneToOne: ${relationship.isOneToOne}
        referencedRelation: ${quote(relationship.referencedRelation)}
        referencedColumns: ${JSON.stringify(relationship.referencedColumns)}
      }`,
    )
    .join(', ')}]`;
}

function schemaMember(catalog: Catalog, schema: string): string {
  const relations = catalog.relations.filter((relation) => relation.schema === schema).sort(byName);
  const relationshipsOfRelation = (relation: Relation) =>
    catalog.relationships.filter((r) => r.schema === schema && r.relation === relation.name && r.referencedSchema === schema);
  const columnsOf = (relation: Relation) => catalog.columnsByRelation.get(relation.id) ?? [];

  const functions = catalog.functions
    .filter((fn) => fn.schema === schema)
    .map((fn) => {
      fn.args.sort(byName);
      return { fn, inArgs: fn.args.filter((arg) => INPUT_MODES.has(arg.mode)) };
    })
    .filter(({ inArgs }) => isCallable(catalog, inArgs))
    .sort((a, b) => a.fn.name.localeCompare(b.fn.name));
  // A function of one row whose parameter is unnamed reads like a column (a computed field).
  const computedFields = (relation: Relation) =>
    functions
      .filter(({ fn }) => fn.argumentTypes === relation.name)
      .map(({ fn }) => `${quote(fn.name)}: ${nullable(returnShape(catalog, schema, fn), true)}`);

  const tables = relations
    .filter((relation) => relation.kind === 'table')
    .map((table) => {
      const columns = columnsOf(table);
      const row = [
        ...columns.map((c) => columnMember(catalog, schema, c, { optional: false, nullable: c.isNullable })),
        ...computedFields(table),
      ];
      const insert = columns.map((c) =>
        c.identityAlways
          ? `${quote(c.name)}?: never`
          : columnMember(catalog, schema, c, { optional: c.isNullable || c.isIdentity || c.hasDefault, nullable: c.isNullable }),
      );
      const update = columns.map((c) =>
        c.identityAlways ? `${quote(c.name)}?: never` : columnMember(catalog, schema, c, { optional: true, nullable: c.isNullable }),
      );
      return `${quote(table.name)}: {
        Row: ${block(row)}
        Insert: ${block(insert)}
        Update: ${block(update)}
        ${relationshipsMember(relationshipsOfRelation(table))}
      }`;
    });

  const views = relations
    .filter((relation) => relation.kind === 'view')
    .map((view) => {
      const columns = columnsOf(view);
      const row = [
        ...columns.map((c) => columnMember(catalog, schema, c, { optional: false, nullable: c.isNullable })),
        ...computedFields(view),
      ];
      const write = columns.map((c) =>
        c.isUpdatable ? columnMember(catalog, schema, c, { optional: true, nullable: true }) : `${quote(c.name)}?: never`,
      );
      return `${quote(view.name)}: {
        Row: ${block(row)}
        ${view.isUpdatable ? `Insert: ${block(write)}\nUpdate: ${block(write)}` : ''}
        ${relationshipsMember(relationshipsOfRelation(view))}
      }`;
    });

  const groups = new Map<string, typeof functions>();
  for (const entry of functions) groups.set(entry.fn.name, [...(groups.get(entry.fn.name) ?? []), entry]);
  const functionMembers = [...groups].map(([name, group]) => {
    group.sort((a, b) => a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) || a.fn.returnType.localeCompare(b.fn.returnType));
    return `${quote(name)}: ${functionSignatures(catalog, schema, group)}`;
  });

  const schemaTypes = catalog.types.filter((type) => type.schema === schema);
  const enums = schemaTypes.filter((type) => type.enums.length > 0).sort(byName);
  const composites = schemaTypes.filter((type) => type.attributes.length > 0).sort(byName);
  const enumMembers = enums.map((type) => `${quote(type.name)}: ${type.enums.map(quote).join(' | ')}`);
  const compositeMembers = composites.map(
    (type) =>
      `${quote(type.name)}: ${block(
        type.attributes.map((attribute) => `${quote(attribute.name)}: ${nullable(tsTypeOfId(catalog, schema, attribute.type_id), true)}`),
      )}`,
  );

  const section = (members: string[]) => block(members.length === 0 ? ['[_ in never]: never'] : members);
  return `${quote(schema)}: {
    Tables: ${section(tables)}
    Views: ${section(views)}
    Functions: ${section(functionMembers)}
    Enums: ${section(enumMembers)}
    CompositeTypes: ${section(compositeMembers)}
  }`;
}

/** The generic helpers supabase's generated file ends with, and the enums as values. */
function helperTypes(catalog: Catalog): string {
  const constants = catalog.schemas.map((schema) => {
    const enums = catalog.types.filter((type) => type.schema === schema && type.enums.length > 0).sort(byName);
    return `${quote(schema)}: { Enums: { ${enums.map((type) => `${quote(type.name)}: [${type.enums.map(quote).join(', ')}]`).join(', ')} } }`;
  });
  return `
type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'public'>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] & DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] & DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends { Row: infer R }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends { Row: infer R }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends { Insert: infer I }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends { Update: infer U }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = { ${constants.join(', ')} } as const
`;
}

/**
 * The text of src/lib/backend/database.generated.ts for the database `db` is connected to,
 * formatted with the repository's Prettier settings.
 */
export async function generateTypes(db: Queryable, options: GenerateTypesOptions = {}): Promise<string> {
  const wanted = options.schemas ?? POSTGREST_EXPOSED.schemas;
  const { rows: present } = await db.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1)', [wanted]);
  const schemas = present.map((row) => row.name).sort((a, b) => a.localeCompare(b));

  const relations = await readRelations(db, schemas);
  const columns = await readColumns(db, schemas);
  const types = await readTypes(db);
  const functions = await readFunctions(db, schemas);
  const foreignKeys = await readForeignKeys(db, schemas);
  const viewKeys = await readViewKeyDependencies(
    db,
    schemas,
    relations.filter((relation) => relation.kind === 'view'),
    foreignKeys,
  );

  const columnsByRelation = new Map<number, Column[]>(relations.map((relation) => [relation.id, []]));
  for (const column of columns) columnsByRelation.get(column.tableId)?.push(column);
  for (const list of columnsByRelation.values()) list.sort(byName);

  const catalog: Catalog = {
    schemas,
    relations,
    columnsByRelation,
    types,
    typesById: new Map(types.map((type) => [type.id, type])),
    functions,
    relationships: relationshipsOf(foreignKeys, viewKeys),
  };

  const version = options.postgrestVersion ?? '12';
  // The helpers' `keyof DefaultSchema['Enums'] | { schema }` is a union with never while the
  // schema has no enum (likewise composite types); said only then, as an unused directive is reported too.
  const publicTypes = catalog.types.filter((type) => type.schema === 'public');
  const emptySection = !publicTypes.some((type) => type.enums.length > 0) || !publicTypes.some((type) => type.attributes.length > 0);
  const lintDirective = emptySection
    ? '/* eslint-disable @typescript-eslint/no-redundant-type-constituents -- keyof an empty Enums or CompositeTypes is never */\n'
    : '';
  const text = `// Generated by \`npm run types\` (supabase/local/generate-types.ts) from the migrations, in the
// shape \`supabase gen types typescript\` writes. Do not edit: change the schema and run it again.
// Narrower types (check constraints, jsonb results) belong in database.types.ts.
${lintDirective}

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Lets createClient<Database>() know the PostgREST version without a second type argument.
  __InternalSupabase: { PostgrestVersion: ${quote(version)} }
  ${schemas.map((schema) => schemaMember(catalog, schema)).join('\n')}
}
${helperTypes(catalog)}`;

  const config = await resolveConfig(GENERATED_TYPES_FILE);
  return format(text, { ...config, filepath: GENERATED_TYPES_FILE });
}
