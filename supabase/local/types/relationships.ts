/**
 * The `Relationships` of tables and views: the foreign keys between tables, and the same keys
 * through views that show their columns (as PostgREST, and so postgres-meta, finds them).
 */
import type { Queryable, Relation } from './introspect';
import { viewColumnOrigins } from './view-column-origins';

export interface Relationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface ForeignKey {
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

/** A foreign key's columns as a view shows them: for each key column, the view columns that are it. */
export interface ViewKeyDependency {
  view: Relation;
  constraint: string;
  /** 'f': the view shows the referencing columns; 'f_ref': the referenced ones. */
  side: 'f' | 'f_ref';
  tableSchema: string;
  tableName: string;
  columns: { viewColumns: string[] }[];
}

export async function readForeignKeys(
  db: Queryable,
  schemas: readonly string[],
): Promise<ForeignKey[]> {
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

export async function readViewKeyDependencies(
  db: Queryable,
  schemas: readonly string[],
  views: Relation[],
  foreignKeys: ForeignKey[],
): Promise<ViewKeyDependency[]> {
  if (views.length === 0) return [];
  const { rows } = await db.query<{
    id: string;
    rule: string;
    columns: { attnum: number; name: string }[];
  }>(
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
        const shown = keyColumns.map((column) => ({
          viewColumns: sources.get(`${table}.${column}`) ?? [],
        }));
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
function viewColumnChoices(dependency: ViewKeyDependency): string[][] {
  return dependency.columns.reduce<string[][]>(
    (choices, column) =>
      choices.flatMap((choice) => column.viewColumns.map((viewColumn) => [...choice, viewColumn])),
    [[]],
  );
}

/** The referencing end of a relationship moved onto a view, and the referenced end. */
const fromView = (from: ViewKeyDependency, columns: string[]) => ({
  schema: from.view.schema,
  relation: from.view.name,
  columns,
});
const toView = (to: ViewKeyDependency, referencedColumns: string[]) => ({
  referencedSchema: to.view.schema,
  referencedRelation: to.view.name,
  referencedColumns,
});

export function relationshipsOf(
  foreignKeys: ForeignKey[],
  viewKeys: ViewKeyDependency[],
): Relationship[] {
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
    const viewsShowing = (side: ViewKeyDependency['side'], schema: string, table: string) =>
      viewKeys.filter(
        (dependency) =>
          dependency.side === side &&
          dependency.constraint === relationship.foreignKeyName &&
          dependency.tableSchema === schema &&
          dependency.tableName === table,
      );
    const fromViews = viewsShowing('f', relationship.schema, relationship.relation);
    const toViews = viewsShowing(
      'f_ref',
      relationship.referencedSchema,
      relationship.referencedRelation,
    );
    const viewToTable = fromViews.flatMap((from) =>
      viewColumnChoices(from).map((columns) => ({ ...relationship, ...fromView(from, columns) })),
    );
    const tableToView = toViews.flatMap((to) =>
      viewColumnChoices(to).map((referencedColumns) => ({
        ...relationship,
        ...toView(to, referencedColumns),
      })),
    );
    const viewToView = fromViews.flatMap((from) =>
      viewColumnChoices(from).flatMap((columns) =>
        toViews.flatMap((to) =>
          viewColumnChoices(to).map((referencedColumns) => ({
            ...relationship,
            ...fromView(from, columns),
            ...toView(to, referencedColumns),
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
