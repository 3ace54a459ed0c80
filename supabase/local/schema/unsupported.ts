/**
 * The guard that keeps supabase/schema.sql from silently leaving something out: whatever a
 * migration could make that the dump does not know how to print fails the dump instead.
 */
import type { Queryable } from '../types/introspect';
import { inScope, notOfExtension, type Scope } from './catalog';

/**
 * What the dump cannot print yet, as pg_describe_object names it: anything of a printed schema
 * other than tables, views, sequences, indexes, functions, enums and domains (aggregates,
 * operators, collations, materialized views, partitions, rules...), and the database-wide
 * objects a migration could make (event triggers, publications, default privileges).
 */
export async function unsupportedObjects(db: Queryable, scope: Scope): Promise<string[]> {
  const { rows: found } = await db.query<{ object: string }>(
    `select object from (
       select pg_describe_object(d.classid, d.objid, d.objsubid) as object
         from pg_depend d join pg_namespace n on n.oid = d.refobjid
        where d.refclassid = 'pg_namespace'::regclass and d.deptype = 'n'
          and n.nspname = any($1)
          and d.classid not in ('pg_class'::regclass, 'pg_proc'::regclass, 'pg_type'::regclass)
          and not exists (select 1 from pg_depend e where e.classid = d.classid
                             and e.objid = d.objid and e.deptype = 'e')
       union all
       select pg_describe_object('pg_class'::regclass, c.oid, 0)
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where ${inScope('n', 'c.relowner')} and c.relkind not in ('r', 'v', 'S', 'i')
          and ${notOfExtension('pg_class', 'c.oid')}
       union all
       select pg_describe_object('pg_proc'::regclass, p.oid, 0)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where ${inScope('n', 'p.proowner')} and p.prokind not in ('f', 'p', 'w')
          and ${notOfExtension('pg_proc', 'p.oid')}
       union all
       select pg_describe_object('pg_type'::regclass, t.oid, 0)
         from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where ${inScope('n', 't.typowner')} and t.typtype not in ('e', 'd')
          and not exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind <> 'c')
          and not exists (select 1 from pg_type e where e.typarray = t.oid)
          and ${notOfExtension('pg_type', 't.oid')}
       union all
       select pg_describe_object('pg_rewrite'::regclass, w.oid, 0)
         from pg_rewrite w join pg_class c on c.oid = w.ev_class
         join pg_namespace n on n.oid = c.relnamespace
        where (n.nspname = any($1) or n.nspname = any($2)) and w.rulename <> '_RETURN'
       union all
       select pg_describe_object('pg_class'::regclass, i.inhrelid, 0)
         from pg_inherits i join pg_class c on c.oid = i.inhrelid
         join pg_namespace n on n.oid = c.relnamespace
        where ${inScope('n', 'c.relowner')}
       union all
       select 'event trigger ' || quote_ident(evtname) from pg_event_trigger
       union all
       select 'publication ' || quote_ident(pubname) from pg_publication
       union all
       select 'default privileges of ' || pg_get_userbyid(defaclrole) from pg_default_acl
     ) found
     order by object collate "C"`,
    [scope.whole, scope.additions],
  );
  return found.map((row) => row.object);
}
