import type { FailureKind } from '@/lib/backend/errors';

/**
 * What the outbox holds (docs/offline.md): a queued change as the sync engine sees it, the
 * files kept with it, the store that keeps them, and what the engine tells the screens. The
 * registry's OutboxItem is a typed union of QueuedChange, one member a kind.
 */

export type ChangeStatus = 'pending' | 'failed';

/** Why a change is not on the server yet: what the sync list shows and the retry rules read. */
export interface ChangeFailure {
  kind: FailureKind;
  /** The HTTP status, or 0 (no answer, or a failure on this device). */
  status: number;
  message: string;
}

/** A file kept in IndexedDB until the change that needs it is sent (written with the change). */
export interface StoredBlob {
  key: string;
  blob: Blob;
  createdAt: number;
}

/** What the engine needs of a queued change; the registry's OutboxItem is a typed union of these. */
export interface QueuedChange {
  /** The change's own id (browser-made). */
  id: string;
  /** Position in the queue; set by the store. */
  seq?: number;
  /** Which kind of change (the registry's key). */
  kind: string;
  /** The payload's shape version, for reading what an older version of the app stored. */
  version: number;
  /** What it changes, e.g. 'album:<id>'; changes of one entity are sent in order. */
  entity: string;
  /** Entities that must be in sync first, e.g. ['album:<id>'] for a photo. */
  dependsOn: string[];
  payload: unknown;
  /** What the user sees in the sync list, e.g. 'Create collection “Smith family”'. */
  label: string;
  status: ChangeStatus;
  attempts: number;
  nextAttemptAt: number;
  /** The last failure (a waiting change's last network error, or why a failed one stopped). */
  failure?: ChangeFailure;
  createdAt: number;
}

type QueueState =
  'id' | 'seq' | 'dependsOn' | 'status' | 'attempts' | 'nextAttemptAt' | 'failure' | 'createdAt';

/** A change as a screen asks for it: the queue fills in the rest. Distributes over a union of kinds. */
export type ChangeRequest<Item extends QueuedChange> = Item extends QueuedChange
  ? Omit<Item, QueueState> & { id?: string; dependsOn?: string[] }
  : never;

export interface OutboxStore<Item extends QueuedChange = QueuedChange> {
  /** Every item, in queue order. */
  load(): Promise<Item[]>;
  /** Adds the item and the blobs it needs, all or nothing. */
  add(item: Item, blobs: StoredBlob[]): Promise<Item>;
  put(item: Item): Promise<void>;
  delete(item: Item): Promise<void>;
  /**
   * Whether someone else (another tab's engine) wrote the queue since this store last read or
   * wrote it; the engine then reads it again. A store nobody else writes may leave it out.
   */
  changedElsewhere?(): Promise<boolean>;
}

export interface OutboxSnapshot<Item extends QueuedChange = QueuedChange> {
  items: readonly Item[];
  /** The id of the change being sent now, if any. */
  sendingId: string | null;
  /** Changes sent since the queue was last empty (for "syncing k of N"). */
  sentInRun: number;
  online: boolean;
  /** False until the queue has been read from IndexedDB (after a reload, it is not empty yet). */
  loaded: boolean;
}

export type SubmitOutcome = 'synced' | 'queued';
