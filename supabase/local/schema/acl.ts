/**
 * Privileges: the SQL that reads an object's access list, and the GRANT and REVOKE statements
 * that take it from what Postgres gives such an object when it is made to what it has now (as
 * pg_dump writes them: only the differences, the owner's own rights included).
 */

/** One privilege of one grantee, as aclexplode lists it. */
export interface Privilege {
  /** A quoted role name, or PUBLIC. */
  grantee: string;
  privilege: string;
  grantable: boolean;
}

/** What an object's privileges are now, and what they were when it was made. */
export interface ObjectAcl {
  acl: Privilege[];
  baseline: Privilege[];
  /** Every privilege the object's kind has: what the owner holds by default. */
  all_privileges: string[];
}

function explode(acl: string): string {
  return `(select coalesce(json_agg(json_build_object(
      'grantee', case when a.grantee = 0 then 'PUBLIC' else quote_ident(pg_get_userbyid(a.grantee)) end,
      'privilege', a.privilege_type,
      'grantable', a.is_grantable) order by a.grantee, a.privilege_type), '[]')
    from aclexplode(${acl}) a)`;
}

/**
 * Select-list SQL for the columns `acl`, `baseline` and `all_privileges` of one object: its
 * access list `aclColumn` (null means the kind's default), its owner `ownerColumn`, its kind
 * for acldefault (SQL giving 'r' table or view, 's' sequence, 'f' function, 'n' schema, 'T'
 * type), and the catalog and oid that pg_init_privs names it by (what initdb made, such as the
 * public schema, starts from the privileges it had then).
 */
export function aclColumns(
  aclColumn: string,
  ownerColumn: string,
  kind: string,
  catalog: string,
  oidColumn: string,
): string {
  const byDefault = `acldefault((${kind})::"char", ${ownerColumn})`;
  const initial = `(select i.initprivs from pg_init_privs i
      where i.objoid = ${oidColumn} and i.classoid = '${catalog}'::regclass and i.objsubid = 0)`;
  return `${explode(`coalesce(${aclColumn}, ${byDefault})`)} as acl,
    ${explode(`coalesce(${initial}, ${byDefault})`)} as baseline,
    (select json_agg(a.privilege_type order by a.privilege_type)
       from aclexplode(${byDefault}) a where a.grantee = ${ownerColumn}) as all_privileges`;
}

/** Select-list SQL for the column `acl` (Privilege[]) of a column's own access list. */
export function columnAclColumn(aclColumn: string): string {
  return `case when ${aclColumn} is null then '[]'::json else ${explode(aclColumn)} end as acl`;
}

const ORDER = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
  'MAINTAIN',
  'USAGE',
  'EXECUTE',
  'CREATE',
  'CONNECT',
  'TEMPORARY',
];

function byOrder(a: string, b: string): number {
  const rank = (privilege: string) => {
    const at = ORDER.indexOf(privilege);
    return at < 0 ? ORDER.length : at;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** PUBLIC first, then roles in byte order. */
function byGrantee(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'PUBLIC') return -1;
  if (b === 'PUBLIC') return 1;
  return a < b ? -1 : 1;
}

const key = (item: Privilege) => `${item.grantee}\u0000${item.privilege}\u0000${item.grantable}`;

/** `verb` statements, one per distinct text, each naming every grantee it applies to. */
function mergeGrantees(statements: { grantee: string; head: string; tail: string }[]): string[] {
  const grantees = new Map<string, string[]>();
  for (const { grantee, head, tail } of statements) {
    const text = `${head}\u0000${tail}`;
    grantees.set(text, [...(grantees.get(text) ?? []), grantee]);
  }
  return [...grantees.entries()]
    .map(([text, names]) => ({ text, names: names.sort(byGrantee) }))
    .sort((a, b) => byGrantee(a.names[0] ?? '', b.names[0] ?? '') || (a.text < b.text ? -1 : 1))
    .map(({ text, names }) => {
      const [head, tail] = text.split('\u0000');
      return `${head} ${names.join(', ')}${tail};`;
    });
}

function groupByGrantee(items: Privilege[]): Map<string, Privilege[]> {
  const groups = new Map<string, Privilege[]>();
  for (const item of items) groups.set(item.grantee, [...(groups.get(item.grantee) ?? []), item]);
  return groups;
}

/**
 * The REVOKE and GRANT statements for `target` (such as `TABLE public.albums`): what the
 * baseline had and it no longer has, then what it has beyond the baseline.
 */
export function grantStatements(
  target: string,
  { acl, baseline, all_privileges: all }: ObjectAcl,
): string[] {
  const now = new Set(acl.map(key));
  const before = new Set(baseline.map(key));
  const revokes = groupByGrantee(baseline.filter((item) => !now.has(key(item))));
  const grants = groupByGrantee(acl.filter((item) => !before.has(key(item))));

  const revokeStatements = [...revokes].map(([grantee, items]) => {
    const had = baseline.filter((item) => item.grantee === grantee).length;
    const privileges =
      items.length === had
        ? 'ALL'
        : items
            .map((item) => item.privilege)
            .sort(byOrder)
            .join(', ');
    return { grantee, head: `REVOKE ${privileges} ON ${target} FROM`, tail: '' };
  });
  const grantStatements = [...grants].flatMap(([grantee, items]) =>
    [false, true].flatMap((grantable) => {
      const privileges = items
        .filter((item) => item.grantable === grantable)
        .map((item) => item.privilege)
        .sort(byOrder);
      if (privileges.length === 0) return [];
      const hasAll = all.length > 1 && all.every((privilege) => privileges.includes(privilege));
      const list = hasAll ? 'ALL' : privileges.join(', ');
      return [
        {
          grantee,
          head: `GRANT ${list} ON ${target} TO`,
          tail: grantable ? ' WITH GRANT OPTION' : '',
        },
      ];
    }),
  );
  return [...mergeGrantees(revokeStatements), ...mergeGrantees(grantStatements)];
}

/**
 * The GRANT statements of a table's or view's column privileges: per grantee, each privilege
 * with the columns it covers (in column order), one statement for grantees with the same.
 */
export function columnGrantStatements(
  table: string,
  columns: readonly { name: string; acl: Privilege[] }[],
): string[] {
  const statements: { grantee: string; head: string; tail: string }[] = [];
  const grantees = new Set(columns.flatMap((column) => column.acl.map((item) => item.grantee)));
  for (const grantee of grantees) {
    for (const grantable of [false, true]) {
      const covered = new Map<string, string[]>();
      for (const column of columns) {
        for (const item of column.acl) {
          if (item.grantee !== grantee || item.grantable !== grantable) continue;
          covered.set(item.privilege, [...(covered.get(item.privilege) ?? []), column.name]);
        }
      }
      if (covered.size === 0) continue;
      const clauses = [...covered.keys()]
        .sort(byOrder)
        .map((privilege) => `${privilege} (${(covered.get(privilege) ?? []).join(', ')})`);
      statements.push({
        grantee,
        head: `GRANT ${clauses.join(', ')} ON TABLE ${table} TO`,
        tail: grantable ? ' WITH GRANT OPTION' : '',
      });
    }
  }
  return mergeGrantees(statements);
}
