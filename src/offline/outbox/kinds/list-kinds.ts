import type { AdminData } from '@/lib/admin-data';
import type { Backend } from '@/lib/backend/client';
import {
  afterUploads,
  define,
  quoted,
  type ChangeDefinition,
  type NamedChanges,
  type PendingMark,
  type RowCollection,
  type RowEffects,
  type RowMap,
  type RowTypes,
  type Waiting,
  type WaitsFor,
  type WithId,
} from './define';

type ListRow = { id: string };

/** The effects of a list's create, update and delete on its cached rows. */
const listRow = {
  /** A new row: the table's defaults, the payload's fields, dated when it was queued. */
  created:
    <Row extends ListRow>(defaults: Partial<Row>) =>
    (rows: RowMap<Row>, row: ListRow, { at, mark }: Waiting) => {
      if (rows.has(row.id)) return;
      rows.set(row.id, {
        ...defaults,
        ...row,
        created_at: at,
        updated_at: at,
        ...mark,
      } as unknown as Row & PendingMark);
    },
  updated: <Row extends ListRow>(
    rows: RowMap<Row>,
    { id, changes }: { id: string; changes: Partial<Row> },
    { mark }: Waiting,
  ) => {
    const row = rows.get(id);
    if (row) rows.set(id, { ...row, ...changes, ...mark });
  },
  deleted: <Row extends ListRow>(rows: RowMap<Row>, { id }: ListRow) => void rows.delete(id),
};

/**
 * What a list the photographer edits row by row (service packages, testimonials, page
 * sections) declares once: its change kinds are `${kind}.create`, `.update` and `.delete`.
 */
interface ListOptions<Kind extends string, C extends RowCollection, Insert, Update> {
  /** The kinds' prefix, also the entity's (`service:<id>`). */
  kind: Kind;
  /** The cached rows the changes edit while they wait, and the admin data they alter. */
  rows: C;
  affects: AdminData;
  /** How the sync list names a row: `Add ${noun} “${name}”`. */
  noun: string;
  /** The name of a new row, when the screen gives none. */
  nameOf: (row: Insert) => string;
  /** The table's defaults for what the form leaves out (the waiting row shows them). */
  defaults: Partial<RowTypes[C]>;
  /** The sends (src/lib/backend): a create ignores a replay of the same id. */
  create(backend: Backend, row: Insert & WithId): Promise<void>;
  update(backend: Backend, id: string, changes: Update): Promise<void>;
  remove(backend: Backend, id: string): Promise<void>;
}

/**
 * An image a row names waits for its upload (`waitFor`). `shownName` is what the screen calls
 * a new row ('Call to action'), when that is not its own name (`nameOf`); never sent.
 */
type CreateInput<Insert> = Insert & WithId & WaitsFor & { shownName?: string };
type UpdatePayload<Update> = { id: string; changes: Update };

export type ListKinds<Kind extends string, Insert, Update> = Record<
  `${Kind}.create`,
  ChangeDefinition<CreateInput<Insert>, Insert & WithId>
> &
  Record<
    `${Kind}.update`,
    ChangeDefinition<NamedChanges<Update> & WaitsFor, UpdatePayload<Update>>
  > &
  Record<`${Kind}.delete`, ChangeDefinition<{ id: string; name: string }, WithId>>;

/** The create, update and delete kinds of a list, each sent once and safe to replay. */
export function listKinds<Kind extends string, C extends RowCollection, Insert, Update>(
  list: ListOptions<Kind, C, Insert, Update>,
): ListKinds<Kind, Insert, Update> {
  const { kind, rows, affects, noun } = list;
  const entity = (id: string) => `${kind}:${id}`;
  const touches = ({ id }: WithId) => [entity(id)];
  // The collection is a type parameter, so its effects are keyed by a name TypeScript cannot
  // check against RowTypes; each effect is typed by the list's own rows above.
  const effect = <Payload>(apply: unknown) => ({ [rows]: apply }) as RowEffects<Payload>;
  return {
    [`${kind}.create`]: define<CreateInput<Insert>, Insert & WithId>({
      version: 1,
      build: ({ waitFor, shownName, ...row }) => ({
        entity: entity(row.id),
        dependsOn: afterUploads(waitFor),
        payload: row as Insert & WithId,
        label: `Add ${noun} ${quoted(shownName ?? list.nameOf(row as Insert))}`,
      }),
      send: (row, { backend }) => list.create(backend, row),
      touches,
      affects: [affects],
      apply: effect(listRow.created(list.defaults)),
    }),
    [`${kind}.update`]: define<NamedChanges<Update> & WaitsFor, UpdatePayload<Update>>({
      version: 1,
      build: (row) => ({
        entity: entity(row.id),
        dependsOn: afterUploads(row.waitFor),
        payload: { id: row.id, changes: row.changes },
        label: `Update ${noun} ${quoted(row.name)}`,
      }),
      send: ({ id, changes }, { backend }) => list.update(backend, id, changes),
      touches,
      affects: [affects],
      apply: effect(listRow.updated),
    }),
    [`${kind}.delete`]: define<{ id: string; name: string }, WithId>({
      version: 1,
      build: (row) => ({
        entity: entity(row.id),
        payload: { id: row.id } satisfies WithId,
        label: `Delete ${noun} ${quoted(row.name)}`,
      }),
      send: ({ id }, { backend }) => list.remove(backend, id),
      touches,
      affects: [affects],
      apply: effect(listRow.deleted),
    }),
  } as ListKinds<Kind, Insert, Update>;
}
