import type { Backend } from '@/lib/backend/client';
import type { AdminData } from '@/lib/admin-data';
import type { AdminDatabase } from '../db';
import type { QueuedChange } from '../queued-change';

/**
 * What every kind of admin change declares, in its area's file (docs/offline.md): its payload,
 * how a screen's input becomes a queued change (entity, dependencies, label), how it is sent,
 * what it keeps on this device and how a discard frees it, which admin data it alters, which
 * entities it touches (what screens wait for), and the version of its payload's shape.
 *
 * Every `send` is safe to replay: the server may already have the change when its answer was
 * lost. Payloads are stored in IndexedDB for as long as the change waits, across app
 * versions: a payload whose shape changes gets a new `version`, and `read` turns what an
 * older version stored into the current shape.
 */

export interface ChangeContext {
  backend: Backend;
  db: AdminDatabase;
  /**
   * The queue as the outbox holds it now (in memory, in queue order: OutboxItems), for a send
   * that looks ahead at what comes next. Without it (a change sent on its own), nothing goes
   * ahead. (QueuedChange, not OutboxItem: the item's type is derived from the kinds.)
   */
  queued?: () => readonly QueuedChange[];
}

/** Where a built change goes in the queue and what the sync list calls it. */
export interface BuiltChange<Payload> {
  /** The change's id, where the screen needs to know it (an upload's photo id). */
  id?: string;
  entity: string;
  dependsOn?: string[];
  payload: Payload;
  label: string;
}

// Methods, not function properties: a definition is then also one of payload `unknown`
// (the `erased` view in registry.ts), which is how the queue's code, typed by the item, calls it.
export interface ChangeDefinition<Input, Payload> {
  /** The shape version `build` writes; stored items carry theirs (1 when older than versions). */
  version: number;
  /** Reads a payload stored at an older `version` (never called for the current one). */
  read?(stored: unknown, version: number): Payload;
  build(input: Input): BuiltChange<Payload>;
  send(payload: Payload, context: ChangeContext): Promise<void>;
  /** The blobs it keeps in IndexedDB until it is sent (a start-up sweep removes any others). */
  blobKeys?(payload: Payload): string[];
  /** Frees what it keeps on this device when the user discards it. */
  undo?(payload: Payload, context: ChangeContext): Promise<void>;
  /**
   * The entities it changes ('album:<id>', 'photo:<id>', 'profile'): a screen asks for the
   * changes waiting on what it shows (`usePendingFor`), never for a list of kinds.
   */
  touches(payload: Payload): string[];
  /** The admin data it alters: those queries are refetched once it is on the server. */
  affects: readonly AdminData[];
  /** Its effect on the cached rows screens show while it waits (`overlayRows`, overlay.ts). */
  apply?: RowEffects<NoInfer<Payload>>;
}

/** How a row stands against the outbox: on the server, or with a change still waiting. */
export interface PendingMark {
  pending?: boolean;
  /** The server refused the waiting change; the sync list offers retry or discard. */
  syncError?: string;
}

/**
 * The rows of each collection the admin screens show, as a kind's effect creates them. Each
 * area's file adds its own (`declare module './define'`), so a new collection is declared
 * with its kinds. A collection's screens may read narrower rows (the picker's collections):
 * they keep the fields they need.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' files
export interface RowTypes {}
export type RowCollection = keyof RowTypes;
/** A collection's rows by id, in the order shown, as an overlay edits them. */
export type RowMap<Row> = Map<string, Row & PendingMark>;

/** The waiting change an effect applies. */
export interface Waiting {
  item: QueuedChange;
  /** When it was queued (ISO): a row it creates is dated so until the server's comes. */
  at: string;
  /** The mark of a row it changes. */
  mark: PendingMark;
}

// A method's parameters are compared both ways: a definition is then also one of payload
// `unknown`, as the other methods of ChangeDefinition are.
type Effect<Row, Payload> = {
  method(rows: RowMap<Row>, payload: Payload, waiting: Waiting): void;
}['method'];

/** A kind's effect on each collection it changes, applied in queue order. */
export type RowEffects<Payload> = {
  [C in RowCollection]?: Effect<RowTypes[C], Payload>;
};

export const define = <Input, Payload>(definition: ChangeDefinition<Input, Payload>) => definition;

export const quoted = (text: string) => `“${text}”`;

export type WithId = { id: string };
export type NamedChanges<Changes> = { id: string; name: string; changes: Changes };
/** Uploads (file.upload paths) the change must wait for: an image it names. */
export type WaitsFor = { waitFor?: string[] };
export const afterUploads = (paths: string[] = []) => paths.map((path) => `file:${path}`);

/** "1 photo", "3 photos". */
export const photoCount = (count: number) => (count === 1 ? '1 photo' : `${count} photos`);

// Admin data a change to a collection or its photos shows in.
export const ALBUM_DATA = [
  'albums',
  'album',
  'gallery-links',
  'public-galleries',
  'dashboard',
] as const;
