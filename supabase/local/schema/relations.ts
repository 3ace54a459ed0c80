/**
 * Tables, views and sequences in supabase/schema.sql: each CREATE statement followed by what
 * hangs off it (comments, indexes, triggers, row level security, policies, grants), so that a
 * table reads in one place. Columns carry their defaults, identities and constraints inline.
 */
import { columnGrantStatements, grantStatements } from './acl';
import type { ColumnRow, RelationRow, SchemaCatalog, SequenceOptions } from './catalog';
import { comment, toc } from './sql-text';

const TYPE_MAX: Record<string, string> = {
  smallint: '32767',
  integer: '2147483647',
  bigint: '9223372036854775807',
};
const TYPE_MIN: Record<string, string> = {
  smallint: '-32768',
  integer: '-2147483648',
  bigint: '-9223372036854775808',
};

/** A sequence's options that differ from CREATE SEQUENCE's defaults for its type and direction. */
function sequenceOptions(sequence: SequenceOptions, columnType: string | null): string[] {
  const ascending = !sequence.increment.startsWith('-');
  const min = ascending ? '1' : TYPE_MIN[sequence.type];
  const max = ascending ? TYPE_MAX[sequence.type] : '-1';
  const options: string[] = [];
  if (sequence.type !== (columnType ?? 'bigint')) options.push(`AS ${sequence.type}`);
  if (sequence.start !== (ascending ? sequence.min : sequence.max)) {
    options.push(`START WITH ${sequence.start}`);
  }
  if (sequence.increment !== '1') options.push(`INCREMENT BY ${sequence.increment}`);
  if (sequence.min !== min) options.push(`MINVALUE ${sequence.min}`);
  if (sequence.max !== max) options.push(`MAXVALUE ${sequence.max}`);
  if (sequence.cache !== '1') options.push(`CACHE ${sequence.cache}`);
  if (sequence.cycle) options.push('CYCLE');
  return options;
}

function columnLine(column: ColumnRow, catalog: SchemaCatalog): string {
  const parts = [column.name, column.type];
  if (column.collation !== null) parts.push(`COLLATE ${column.collation}`);
  if (column.generated === 's') {
    parts.push(`GENERATED ALWAYS AS (${column.default ?? ''}) STORED`);
  } else if (column.identity !== '') {
    const sequence = catalog.relations.find((r) => r.oid === column.identity_sequence)?.sequence;
    const options = sequence ? sequenceOptions(sequence, column.type) : [];
    parts.push(
      `GENERATED ${column.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY` +
        (options.length > 0 ? ` (${options.join(' ')})` : ''),
    );
  } else if (column.default !== null) {
    parts.push(`DEFAULT ${column.default}`);
  }
  if (column.not_null) parts.push('NOT NULL');
  return parts.join(' ');
}

const POLICY_COMMANDS = { r: 'SELECT', a: 'INSERT', w: 'UPDATE', d: 'DELETE', '*': 'ALL' };
const TRIGGER_STATES = { O: null, D: 'DISABLE', R: 'ENABLE REPLICA', A: 'ENABLE ALWAYS' };

/**
 * What hangs off a table or view: comments (its own and its columns'), indexes, triggers, row
 * level security and policies, grants (its own, its columns', its identity sequences').
 */
export function relationParts(relation: RelationRow, catalog: SchemaCatalog): string[] {
  const own = <Row extends { relation: number }>(rows: Row[]) =>
    rows.filter((row) => row.relation === relation.oid);
  const name = relation.qualified;
  const columns = own(catalog.columns);
  const parts: string[] = [];
  if (relation.included) {
    parts.push(...comment(`${relation.kind === 'v' ? 'VIEW' : 'TABLE'} ${name}`, relation.comment));
    for (const column of columns) {
      parts.push(...comment(`COLUMN ${name}.${column.name}`, column.comment));
    }
    for (const constraint of own(catalog.constraints)) {
      parts.push(...comment(`CONSTRAINT ${constraint.name} ON ${name}`, constraint.comment));
    }
    for (const index of own(catalog.indexes)) {
      parts.push(`${index.definition};`);
      parts.push(...comment(`INDEX ${index.qualified}`, index.comment));
    }
    if (relation.replica_identity !== null) {
      parts.push(`ALTER TABLE ONLY ${name} REPLICA IDENTITY ${relation.replica_identity};`);
    }
  }
  for (const trigger of own(catalog.triggers)) {
    parts.push(`${trigger.definition};`);
    const state = TRIGGER_STATES[trigger.enabled];
    if (state) parts.push(`ALTER TABLE ${name} ${state} TRIGGER ${trigger.name};`);
    parts.push(...comment(`TRIGGER ${trigger.name} ON ${name}`, trigger.comment));
  }
  if (relation.included) {
    if (relation.row_security) parts.push(`ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY;`);
    if (relation.force_row_security) parts.push(`ALTER TABLE ${name} FORCE ROW LEVEL SECURITY;`);
  }
  for (const policy of own(catalog.policies)) {
    const lines = [`CREATE POLICY ${policy.name} ON ${name}`];
    if (!policy.permissive) lines.push('  AS RESTRICTIVE');
    if (policy.command !== '*') lines.push(`  FOR ${POLICY_COMMANDS[policy.command]}`);
    if (policy.roles !== 'PUBLIC') lines.push(`  TO ${policy.roles}`);
    if (policy.using !== null) lines.push(`  USING (${policy.using})`);
    if (policy.with_check !== null) lines.push(`  WITH CHECK (${policy.with_check})`);
    parts.push(`${lines.join('\n')};`);
    parts.push(...comment(`POLICY ${policy.name} ON ${name}`, policy.comment));
  }
  if (relation.included) {
    parts.push(...grantStatements(`TABLE ${name}`, relation));
    parts.push(...columnGrantStatements(name, columns));
    for (const column of columns) {
      const sequence = catalog.relations.find((r) => r.oid === column.identity_sequence);
      if (!sequence) continue;
      parts.push(...comment(`SEQUENCE ${sequence.qualified}`, sequence.comment));
      parts.push(...grantStatements(`SEQUENCE ${sequence.qualified}`, sequence));
    }
  }
  return parts;
}

function tableStatement(relation: RelationRow, catalog: SchemaCatalog): string {
  const lines = [
    ...catalog.columns
      .filter((c) => c.relation === relation.oid)
      .map((c) => columnLine(c, catalog)),
    ...catalog.constraints
      .filter((constraint) => constraint.relation === relation.oid)
      .map((constraint) => `CONSTRAINT ${constraint.name} ${constraint.definition}`),
  ];
  const options = relation.options ? ` WITH (${relation.options.join(', ')})` : '';
  const body = lines.length > 0 ? `\n    ${lines.join(',\n    ')}\n` : '';
  return `CREATE ${relation.unlogged ? 'UNLOGGED ' : ''}TABLE ${relation.qualified} (${body})${options};`;
}

export function relationBlock(relation: RelationRow, catalog: SchemaCatalog): string[] {
  if (!relation.included) {
    const parts = relationParts(relation, catalog);
    if (parts.length === 0) return [];
    return [
      toc(
        relation.name,
        "TABLE (Supabase's: only what the migrations add to it)",
        relation.schema,
        null,
      ),
      ...parts,
    ];
  }
  if (relation.kind === 'S') {
    if (relation.owned_by?.identity) return []; // printed with its column
    const options = relation.sequence ? sequenceOptions(relation.sequence, null) : [];
    const parts = [
      toc(relation.name, 'SEQUENCE', relation.schema, relation.owner),
      `CREATE SEQUENCE ${relation.qualified}${options.map((option) => `\n    ${option}`).join('')};`,
    ];
    const ownedBy = relation.owned_by;
    if (ownedBy) {
      const table = catalog.relations.find((r) => r.oid === ownedBy.table);
      if (table) {
        parts.push(
          `ALTER SEQUENCE ${relation.qualified} OWNED BY ${table.qualified}.${ownedBy.column};`,
        );
      }
    }
    parts.push(...comment(`SEQUENCE ${relation.qualified}`, relation.comment));
    parts.push(...grantStatements(`SEQUENCE ${relation.qualified}`, relation));
    return parts;
  }
  if (relation.kind === 'v') {
    const options = relation.options ? ` WITH (${relation.options.join(', ')})` : '';
    return [
      toc(relation.name, 'VIEW', relation.schema, relation.owner),
      `CREATE VIEW ${relation.qualified}${options} AS\n${relation.view_definition ?? ''}`,
      ...relationParts(relation, catalog),
    ];
  }
  return [
    toc(relation.name, 'TABLE', relation.schema, relation.owner),
    tableStatement(relation, catalog),
    ...relationParts(relation, catalog),
  ];
}
