import { toBackendError, type BackendError, type FailureKind } from '@/lib/backend/errors';

/**
 * The outbox's sync engine (docs/offline.md). Every admin change is stored first, then sent,
 * so queued work resumes after a reload. It knows nothing of the kinds of change: the
 * registry (src/offline/outbox/registry.ts) sends them and undoes them.
 *
 * - Order per entity: a change waits while an earlier change of its entity, or of an entity
 *   it depends on (`dependsOn`, e.g. the album of a photo), is still waiting or has failed.
 * - A failure's kind decides (src/lib/backend/errors.ts): network errors are retried with
 *   backoff (1, 2, 5, 10, 30, 60 s, capped) and pause the whole queue, since every change
 *   would fail the same way; 5xx and 429 back off that change alone; an ended session, a
 *   conflict or a refusal stops that change (and what depends on it) with its message until
 *   the user retries or discards it, and the rest of the queue goes on.
 * - No UI inside: a store, the sender and a clock are injected.
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
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** Web Locks where the browser has them: one tab sends at a time. */
export async function acrossTabs(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request('photographer-outbox-sync', () => work());
}

export interface OutboxSnapshot<Item extends QueuedChange = QueuedChange> {
  items: Item[];
  /** The id of the change being sent now, if any. */
  sendingId: string | null;
  /** Changes sent since the queue was last empty (for "syncing k of N"). */
  sentInRun: number;
  online: boolean;
  /** False until the queue has been read from IndexedDB (after a reload, it is not empty yet). */
  loaded: boolean;
}

export type SubmitOutcome = 'synced' | 'queued';

interface QueueRead<Item> {
  /** Reads are numbered in the order they began. */
  seq: number;
  items: Item[];
}

interface Waiter {
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: BackendError) => void;
}

export interface SyncEngineOptions<Item extends QueuedChange> {
  store: OutboxStore<Item>;
  /** Sends one change; safe to call again for a change the server may already have. */
  send: (item: Item) => Promise<void>;
  /** Frees what a discarded change kept on this device (its blobs). */
  discarded?: (item: Item) => Promise<void>;
  clock?: Clock;
  isOnline?: () => boolean;
  /** False while nobody is signed in: changes wait instead of failing. */
  canSync?: () => boolean;
  /** Runs a flush exclusively across tabs (Web Locks in the browser), so no change is sent twice at once. */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
  /** Runs after a change is sent and before it leaves the queue (e.g. to refetch the lists that show it, so nothing blinks). */
  onSynced?: (item: Item) => Promise<void> | void;
  onFailed?: (item: Item, error: BackendError) => void;
}

export class SyncEngine<Item extends QueuedChange = QueuedChange> {
  private readonly store: OutboxStore<Item>;
  private readonly clock: Clock;
  private readonly isOnline: () => boolean;
  private readonly canSync: () => boolean;
  private readonly options: SyncEngineOptions<Item>;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter>();
  private snapshot: OutboxSnapshot<Item> = {
    items: [],
    sendingId: null,
    sentInRun: 0,
    online: true,
    loaded: false,
  };
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private timer: unknown = null;
  /** Numbers the reads of the queue, so a slow older read never replaces a newer one on screen. */
  private reads = 0;
  private shownRead = 0;

  constructor(options: SyncEngineOptions<Item>) {
    this.options = options;
    this.store = options.store;
    this.clock = options.clock ?? realClock;
    this.isOnline =
      options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
    this.canSync = options.canSync ?? (() => true);
    this.snapshot = { ...this.snapshot, online: this.isOnline() };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot<Item> => this.snapshot;

  /** Loads what is queued (e.g. after a reload) and starts sending. */
  async start(): Promise<void> {
    await this.refresh();
    this.kick();
  }

  /** The network is back, or someone signed in: retry waiting changes now. */
  async wake(): Promise<void> {
    const now = this.clock.now();
    for (const item of await this.store.load()) {
      if (item.status === 'pending' && item.nextAttemptAt > now)
        await this.store.put({ ...item, nextAttemptAt: now });
    }
    await this.refresh();
    this.kick();
  }

  /** Queues a change and starts sending it; settles when it is sent ('synced'), when it has to wait for the network ('queued'), or rejects when the server refuses it. */
  async submit(change: ChangeRequest<Item>, blobs: StoredBlob[] = []): Promise<SubmitOutcome> {
    return (await this.enqueue(change, blobs)).outcome;
  }

  /**
   * Stores the change with the blobs it needs (one transaction: a tab closed half-way keeps
   * both or neither), then starts sending. Returns once stored, with its outcome to come.
   */
  async enqueue(
    change: ChangeRequest<Item>,
    blobs: StoredBlob[] = [],
  ): Promise<{ item: Item; outcome: Promise<SubmitOutcome> }> {
    const now = this.clock.now();
    const item = await this.store.add(
      // The request is the item minus its queue state, for whichever kind it is (TypeScript
      // cannot follow an Omit over a generic union back to the union).
      {
        ...change,
        id: change.id ?? crypto.randomUUID(),
        dependsOn: change.dependsOn ?? [],
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      } as unknown as Item,
      blobs,
    );
    const outcome = new Promise<SubmitOutcome>((resolve, reject) =>
      this.waiters.set(item.id, { resolve, reject }),
    );
    await this.refresh();
    if (!this.isOnline() || !this.canSync()) this.settle(item.id, 'queued');
    this.kick();
    return { item, outcome };
  }

  async retry(id: string): Promise<void> {
    const item = (await this.store.load()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.store.put({
      ...item,
      status: 'pending',
      failure: undefined,
      attempts: 0,
      nextAttemptAt: this.clock.now(),
    });
    await this.refresh();
    this.kick();
  }

  async retryAll(): Promise<void> {
    await this.retryWhere(() => true);
  }

  /** Puts failed changes that match back in the queue, and sends. */
  async retryWhere(matches: (item: Item) => boolean): Promise<void> {
    for (const item of await this.store.load()) {
      if (item.status === 'failed' && matches(item)) {
        await this.store.put({ ...item, status: 'pending', failure: undefined, attempts: 0 });
      }
    }
    await this.wake();
  }

  /** Drops a change that will never be sent (the user chose to discard it) and frees what it kept on this device. */
  async discard(id: string): Promise<void> {
    const item = (await this.store.load()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.store.delete(item);
    await this.options.discarded?.(item);
    await this.refresh();
    this.kick();
  }

  /** Drops every queued change that matches, as discard does. */
  async discardWhere(matches: (item: Item) => boolean): Promise<void> {
    for (const item of (await this.store.load()).filter(matches)) await this.discard(item.id);
  }

  /** Starts a flush nobody waits for; a failure of IndexedDB itself is logged, and the next trigger tries again. */
  private kick(): void {
    this.flush().catch((error: unknown) =>
      console.error('The outbox could not be read or updated', error),
    );
  }

  /**
   * Sends every change that may go now, one at a time, in queue order. Calls during a flush
   * make it run once more; the promise settles when nothing more can be sent.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    const exclusive = this.options.exclusive ?? ((work: () => Promise<void>) => work());
    this.flushing = (async () => {
      do {
        this.flushAgain = false;
        await exclusive(() => this.runFlush());
      } while (this.flushAgain);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async runFlush(): Promise<void> {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    for (;;) {
      const read = await this.read();
      const { items } = read;
      if (items.length === 0) {
        this.snapshot = { ...this.snapshot, sentInRun: 0 };
        this.show(read);
        return;
      }
      if (!this.isOnline() || !this.canSync()) {
        items.forEach((item) => this.settle(item.id, 'queued'));
        this.show(read);
        return;
      }
      const now = this.clock.now();
      const next = nextSendable(items, now);
      if (!next) {
        // Whatever is left waits (backoff, or behind a refused change): tell its submitters.
        items.forEach((item) => this.settle(item.id, 'queued'));
        this.scheduleWake(items, now);
        this.show(read);
        return;
      }
      this.snapshot = { ...this.snapshot, sendingId: next.id };
      this.show(read);
      try {
        await this.options.send(next);
        await this.options.onSynced?.(next);
        await this.store.delete(next);
        this.snapshot = {
          ...this.snapshot,
          sendingId: null,
          sentInRun: this.snapshot.sentInRun + 1,
        };
        this.settle(next.id, 'synced');
      } catch (caught) {
        this.snapshot = { ...this.snapshot, sendingId: null };
        const error = toBackendError(caught);
        const failure: ChangeFailure = {
          kind: error.kind,
          status: error.status,
          message: error.message,
        };
        if (error.retryable) {
          const attempts = next.attempts + 1;
          const delay = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!;
          await this.store.put({
            ...next,
            attempts,
            nextAttemptAt: this.clock.now() + delay,
            failure,
          });
          this.settle(next.id, 'queued');
          if (error.kind === 'network') {
            // Everything else would fail the same way: wait for the backoff or the network
            // (which also answers any re-run asked for before this failure).
            this.flushAgain = false;
            const waiting = await this.read();
            waiting.items.forEach((item) => this.settle(item.id, 'queued'));
            this.scheduleWake(waiting.items, this.clock.now());
            this.show(waiting);
            return;
          }
        } else {
          // Only this change and those behind it (its entity, its dependents) stop.
          const failed: Item = { ...next, status: 'failed', attempts: next.attempts + 1, failure };
          await this.store.put(failed);
          this.fail(next.id, error);
          this.options.onFailed?.(failed, error);
        }
      }
    }
  }

  private scheduleWake(items: Item[], now: number): void {
    const waiting = items.filter((item) => item.status === 'pending' && item.nextAttemptAt > now);
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((item) => item.nextAttemptAt));
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, soonest - now);
  }

  private settle(id: string, outcome: SubmitOutcome): void {
    this.waiters.get(id)?.resolve(outcome);
    this.waiters.delete(id);
  }

  private fail(id: string, error: BackendError): void {
    this.waiters.get(id)?.reject(error);
    this.waiters.delete(id);
  }

  private async refresh(): Promise<void> {
    this.show(await this.read());
  }

  private async read(): Promise<QueueRead<Item>> {
    const seq = ++this.reads;
    return { seq, items: await this.store.load() };
  }

  /**
   * Publishes a read of the queue. Reads overlap (a submit, a flush and a wake can all be
   * reading), and one begun earlier can finish later: its list would bring back changes
   * already sent or hide ones just queued, so only a newer read replaces the items.
   */
  private show(read: QueueRead<Item>): void {
    if (read.seq > this.shownRead) {
      this.shownRead = read.seq;
      this.snapshot = { ...this.snapshot, items: read.items };
    }
    this.snapshot = { ...this.snapshot, online: this.isOnline(), loaded: true };
    this.listeners.forEach((listener) => listener());
  }
}

/** The first change that may be sent now: not failed, not backing off, nothing earlier blocking it. */
export function nextSendable<Item extends QueuedChange>(
  items: Item[],
  now: number,
): Item | undefined {
  const blocked = new Set<string>();
  for (const item of items) {
    const waitsOnEarlier =
      blocked.has(item.entity) || item.dependsOn.some((entity) => blocked.has(entity));
    if (waitsOnEarlier || item.status === 'failed' || item.nextAttemptAt > now) {
      blocked.add(item.entity);
      continue;
    }
    return item;
  }
  return undefined;
}
