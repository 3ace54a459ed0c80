/**
 * The pg_catalog queries behind supabase/schema.sql. They run with an empty search_path, so
 * every name Postgres prints (types, functions, tables in expressions) is schema-qualified
 * unless it is in pg_catalog. Rows come in byte order of their names (collate "C"), so the
 * file does not depend on the machine's locale.
 */
import type { Queryable } from '../types/introspect';
import { aclColumns, columnAclColumn, type ObjectAcl, type Privilege } from './acl';

/**
 * The schemas in the dump: those printed whole (the site's), and those of which only what the
 * migrations add is printed (Supabase's, such as storage: policies and triggers on its tables,
 * objects its owner did not make).
 */
export interface Scope {
  whole: readonly string[];
  additions: readonly string[];
}

export interface SchemaRow extends ObjectAcl {
  name: string;
  owner: string;
  comment: string | null;
}

export interface ExtensionRow {
  name: string;
  schema: string;
}

export interface TypeRow extends ObjectAcl {
  oid: number;
  schema: string;
  name: string;
  qualified: string;
  kind: 'e' | 'd';
  owner: string;
  comment: string | null;
  labels: string[] | null;
  base: string | null;
  collation: string | null;
  not_null: boolean;
  default: string | null;
  checks: { name: string; definition: string }[] | null;
}

export interface FunctionRow extends ObjectAcl {
  schema: string;
  name: string;
  qualified: string;
  arguments: string;
  kind: 'f' | 'p' | 'w';
  owner: string;
  definition: string;
  comment: string | null;
}

export interface RelationRow extends ObjectAcl {
  oid: number;
  schema: string;
  name: string;
  qualified: string;
  kind: 'r' | 'v' | 'S';
  unlogged: boolean;
  owner: string;
  /** False for a table of a schema whose additions only are printed (Storage's objects). */
  included: boolean;
  row_security: boolean;
  force_row_security: boolean;
  /** REPLICA IDENTITY when not the default (the primary key): NOTHING, FULL, USING INDEX x. */
  replica_identity: string | null;
  options: string[] | null;
  comment: string | null;
  view_definition: string | null;
  /** Sequences: the table and column whose identity (or serial) this is. */
  owned_by: { table: number; column: string; identity: boolean } | null;
  sequence: SequenceOptions | null;
}

export interface SequenceOptions {
  type: string;
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
}

export interface ColumnRow {
  relation: number;
  name: string;
  type: string;
  not_null: boolean;
  default: string | null;
  identity: '' | 'a' | 'd';
  generated: '' | 's';
  collation: string | null;
  comment: string | null;
  acl: Privilege[];
  /** The identity's sequence. */
  identity_sequence: number | null;
}

export interface ConstraintRow {
  relation: number;
  name: string;
  definition: string;
  comment: string | null;
}

export interface IndexRow {
  relation: number;
  qualified: string;
  definition: string;
  comment: string | null;
}

export interface TriggerRow {
  relation: number;
  name: string;
  definition: string;
  enabled: 'O' | 'D' | 'R' | 'A';
  comment: string | null;
}

export interface PolicyRow {
  relation: number;
  name: string;
  command: 'r' | 'a' | 'w' | 'd' | '*';
  permissive: boolean;
  roles: string;
  using: string | null;
  with_check: string | null;
  comment: string | null;
}

export interface RoleSettingRow {
  role: string | null;
  database: string | null;
  settings: string[];
}

export interface SchemaCatalog {
  schemas: SchemaRow[];
  extensions: ExtensionRow[];
  types: TypeRow[];
  functions: FunctionRow[];
  relations: RelationRow[];
  columns: ColumnRow[];
  constraints: ConstraintRow[];
  indexes: IndexRow[];
  triggers: TriggerRow[];
  policies: PolicyRow[];
  roleSettings: RoleSettingRow[];
}

/** Whether an object is an extension's (CREATE EXTENSION brings it; it is not printed). */
export const notOfExtension = (catalog: string, oid: string) => `not exists (
  select 1 from pg_depend e
   where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

/** Objects of a whole schema, and those of an additions schema that its owner did not make. */
export const inScope = (namespace: string, owner: string) =>
  `(${namespace}.nspname = any($1) or (${namespace}.nspname = any($2) and ${owner} <> ${namespace}.nspowner))`;

async function rows<Row extends object>(
  db: Queryable,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  return (await db.query<Row & Record<string, unknown>>(text, values)).rows;
}

/**
 * Everything supabase/schema.sql prints, read in one snapshot. `db` must be in a transaction
 * with `search_path` set to '' (dump-schema.ts does both).
 */
export async function readSchemaCatalog(db: Queryable, scope: Scope): Promise<SchemaCatalog> {
  const schemas = [scope.whole, scope.additions];

  const schemaRows = await rows<SchemaRow>(
    db,
    `select quote_ident(n.nspname) as name, pg_get_userbyid(n.nspowner) as owner,
            obj_description(n.oid, 'pg_namespace') as comment,
            ${aclColumns('n.nspacl', 'n.nspowner', "'n'", 'pg_namespace', 'n.oid')}
       from pg_namespace n where n.nspname = any($1)
      order by n.nspname collate "C"`,
    [scope.whole],
  );

  const extensions = await rows<ExtensionRow>(
    db,
    `select quote_ident(e.extname) as name, quote_ident(n.nspname) as schema
       from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where n.nspname <> 'pg_catalog'
      order by e.extname collate "C"`,
    [],
  );

  const types = await rows<TypeRow>(
    db,
    `select t.oid, n.nspname as schema, t.typname as name,
            format('%I.%I', n.nspname, t.typname) as qualified, t.typtype as kind,
            pg_get_userbyid(t.typowner) as owner, obj_description(t.oid, 'pg_type') as comment,
            (select json_agg(quote_literal(l.enumlabel) order by l.enumsortorder)
               from pg_enum l where l.enumtypid = t.oid) as labels,
            case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end as base,
            (select format('%I.%I', cn.nspname, c.collname)
               from pg_collation c join pg_namespace cn on cn.oid = c.collnamespace
              where c.oid = t.typcollation and t.typcollation <> b.typcollation) as collation,
            t.typnotnull as not_null, t.typdefault as default,
            (select json_agg(json_build_object(
                      'name', quote_ident(k.conname), 'definition', pg_get_constraintdef(k.oid, true))
                    order by k.conname collate "C")
               from pg_constraint k where k.contypid = t.oid) as checks,
            ${aclColumns('t.typacl', 't.typowner', "'T'", 'pg_type', 't.oid')}
       from pg_type t
       join pg_namespace n on n.oid = t.typnamespace
       left join pg_type b on b.oid = t.typbasetype
      where ${inScope('n', 't.typowner')} and t.typtype in ('e', 'd')
        and ${notOfExtension('pg_type', 't.oid')}
      order by n.nspname collate "C", t.typname collate "C"`,
    schemas,
  );

  const functions = await rows<FunctionRow>(
    db,
    `select n.nspname as schema, p.proname as name,
            format('%I.%I', n.nspname, p.proname) as qualified,
            pg_get_function_identity_arguments(p.oid) as arguments, p.prokind as kind,
            pg_get_userbyid(p.proowner) as owner, pg_get_functiondef(p.oid) as definition,
            obj_description(p.oid, 'pg_proc') as comment,
            ${aclColumns('p.proacl', 'p.proowner', "'f'", 'pg_proc', 'p.oid')}
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where ${inScope('n', 'p.proowner')} and p.prokind in ('f', 'p', 'w')
        and ${notOfExtension('pg_proc', 'p.oid')}
      order by n.nspname collate "C", p.proname collate "C",
               pg_get_function_identity_arguments(p.oid) collate "C"`,
    schemas,
  );

  const relations = await rows<RelationRow>(
    db,
    `select c.oid, n.nspname as schema, c.relname as name,
            format('%I.%I', n.nspname, c.relname) as qualified, c.relkind as kind,
            c.relpersistence = 'u' as unlogged, pg_get_userbyid(c.relowner) as owner,
            ${inScope('n', 'c.relowner')} as included,
            c.relrowsecurity as row_security, c.relforcerowsecurity as force_row_security,
            case when c.relkind <> 'r' then null
                 when c.relreplident = 'n' then 'NOTHING'
                 when c.relreplident = 'f' then 'FULL'
                 when c.relreplident = 'i' then
                   (select 'USING INDEX ' || quote_ident(ic.relname)
                      from pg_index i join pg_class ic on ic.oid = i.indexrelid
                     where i.indrelid = c.oid and i.indisreplident)
            end as replica_identity,
            c.reloptions as options,
            obj_description(c.oid, 'pg_class') as comment,
            case when c.relkind = 'v' then pg_get_viewdef(c.oid, true) end as view_definition,
            (select json_build_object('table', d.refobjid::bigint, 'column', quote_ident(a.attname),
                                      'identity', d.deptype = 'i')
               from pg_depend d
               join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
              where d.classid = 'pg_class'::regclass and d.objid = c.oid
                and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')) as owned_by,
            (select json_build_object('type', format_type(s.seqtypid, null),
                      'start', s.seqstart::text, 'increment', s.seqincrement::text,
                      'min', s.seqmin::text, 'max', s.seqmax::text, 'cache', s.seqcache::text,
                      'cycle', s.seqcycle)
               from pg_sequence s where s.seqrelid = c.oid) as sequence,
            ${aclColumns('c.relacl', 'c.relowner', "case when c.relkind = 'S' then 's' else 'r' end", 'pg_class', 'c.oid')}
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname = any($1) or n.nspname = any($2)) and c.relkind in ('r', 'v', 'S')
        and ${notOfExtension('pg_class', 'c.oid')}
      order by n.nspname collate "C", c.relname collate "C"`,
    schemas,
  );
  const relationIds = relations.map((relation) => relation.oid);

  const columns = await rows<ColumnRow>(
    db,
    `select a.attrelid as relation, quote_ident(a.attname) as name,
            format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
            pg_get_expr(d.adbin, d.adrelid, true) as default,
            a.attidentity as identity, a.attgenerated as generated,
            (select format('%I.%I', cn.nspname, co.collname)
               from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace
              where co.oid = a.attcollation and a.attcollation <> t.typcollation) as collation,
            col_description(a.attrelid, a.attnum) as comment,
            ${columnAclColumn('a.attacl')},
            (select i.objid from pg_depend i
              where i.refclassid = 'pg_class'::regclass and i.refobjid = a.attrelid
                and i.refobjsubid = a.attnum and i.classid = 'pg_class'::regclass
                and i.deptype = 'i') as identity_sequence
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = any($1) and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`,
    [relationIds],
  );

  // Primary keys, unique and exclusion constraints, checks, then foreign keys; NOT NULL is a
  // column's (and constraint triggers are triggers).
  const constraints = await rows<ConstraintRow>(
    db,
    `select k.conrelid as relation, quote_ident(k.conname) as name,
            pg_get_constraintdef(k.oid, true) as definition,
            obj_description(k.oid, 'pg_constraint') as comment
       from pg_constraint k
      where k.conrelid = any($1) and k.contype in ('p', 'u', 'x', 'c', 'f')
      order by k.conrelid, array_position(array['p', 'u', 'x', 'c', 'f'], k.contype::text),
               k.conname collate "C"`,
    [relationIds],
  );

  const indexes = await rows<IndexRow>(
    db,
    `select i.indrelid as relation,
            format('%I.%I', n.nspname, c.relname) as qualified,
            pg_get_indexdef(i.indexrelid) as definition,
            obj_description(i.indexrelid, 'pg_class') as comment
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid = any($1)
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid
                           and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x'))
      order by i.indrelid, c.relname collate "C"`,
    [relationIds],
  );

  const triggers = await rows<TriggerRow>(
    db,
    `select g.tgrelid as relation, quote_ident(g.tgname) as name,
            pg_get_triggerdef(g.oid, true) as definition, g.tgenabled as enabled,
            obj_description(g.oid, 'pg_trigger') as comment
       from pg_trigger g
      where g.tgrelid = any($1) and not g.tgisinternal
      order by g.tgrelid, g.tgname collate "C"`,
    [relationIds],
  );

  const policies = await rows<PolicyRow>(
    db,
    `select p.polrelid as relation, quote_ident(p.polname) as name, p.polcmd as command,
            p.polpermissive as permissive,
            (select string_agg(case when r.role = 0 then 'PUBLIC'
                                    else quote_ident(pg_get_userbyid(r.role)) end,
                               ', ' order by r.position)
               from unnest(p.polroles) with ordinality as r(role, position)) as roles,
            pg_get_expr(p.polqual, p.polrelid, true) as using,
            pg_get_expr(p.polwithcheck, p.polrelid, true) as with_check,
            obj_description(p.oid, 'pg_policy') as comment
       from pg_policy p
      where p.polrelid = any($1)
      order by p.polrelid, p.polname collate "C"`,
    [relationIds],
  );

  const roleSettings = await rows<RoleSettingRow>(
    db,
    `select quote_ident(r.rolname) as role, quote_ident(d.datname) as database,
            s.setconfig as settings
       from pg_db_role_setting s
       left join pg_roles r on r.oid = s.setrole
       left join pg_database d on d.oid = s.setdatabase
      order by r.rolname collate "C" nulls first, d.datname collate "C" nulls first`,
    [],
  );

  return {
    schemas: schemaRows,
    extensions,
    types,
    functions,
    relations,
    columns,
    constraints,
    indexes,
    triggers,
    policies,
    roleSettings,
  };
}
