import { toBackendError, type BackendError } from '@/lib/backend/errors';

/**
 * The outbox's sync engine (ARCHITECTURE §6). Every admin change is stored first, then sent
 * by its handler, looked up by a stable `kind`, so queued work resumes after a reload.
 *
 * - Order per entity: a change waits while an earlier change of its entity, or of an entity
 *   it depends on (`dependsOn`, e.g. the album of a photo), is still waiting or has failed.
 * - Network errors, 5xx and 429 are retried with backoff (1, 2, 5, 10, 30, 60 s, capped);
 *   any other refusal stops that change with the server's message until the user retries or
 *   discards it.
 * - No UI inside: a store, the handlers and a clock are injected.
 */

export type ChangeStatus = 'pending' | 'failed';

export interface OutboxItem<Payload = unknown> {
  /** The change's own id (browser-made). */
  id: string;
  /** Position in the queue; set by the store. */
  seq?: number;
  /** Which handler sends it. */
  kind: string;
  /** What it changes, e.g. 'album:<id>'; changes of one entity are sent in order. */
  entity: string;
  /** Entities that must be in sync first, e.g. ['album:<id>'] for a photo. */
  dependsOn: string[];
  /** Serialisable input for the handler. */
  payload: Payload;
  /** What the user sees in the sync list, e.g. 'Create collection “Smith family”'. */
  label: string;
  status: ChangeStatus;
  attempts: number;
  nextAttemptAt: number;
  error?: string;
  createdAt: number;
}

export interface NewChange<Payload = unknown> {
  id?: string;
  kind: string;
  entity: string;
  dependsOn?: string[];
  payload: Payload;
  label: string;
}

export interface OutboxStore {
  /** Every item, in queue order. */
  load(): Promise<OutboxItem[]>;
  add(item: OutboxItem): Promise<OutboxItem>;
  put(item: OutboxItem): Promise<void>;
  delete(item: OutboxItem): Promise<void>;
}

export type ChangeHandler = (payload: never, item: OutboxItem) => Promise<void>;

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

export interface OutboxSnapshot {
  items: OutboxItem[];
  /** The id of the change being sent now, if any. */
  sendingId: string | null;
  /** Changes sent since the queue was last empty (for "syncing k of N"). */
  sentInRun: number;
  online: boolean;
  /** False until the queue has been read from IndexedDB (after a reload, it is not empty yet). */
  loaded: boolean;
}

export type SubmitOutcome = 'synced' | 'queued';

interface QueueRead {
  /** Reads are numbered in the order they began. */
  seq: number;
  items: OutboxItem[];
}

interface Waiter {
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: BackendError) => void;
}

export interface SyncEngineOptions {
  store: OutboxStore;
  handlers: Record<string, ChangeHandler>;
  clock?: Clock;
  isOnline?: () => boolean;
  /** False while nobody is signed in: changes wait instead of failing. */
  canSync?: () => boolean;
  /** Runs a flush exclusively across tabs (Web Locks in the browser), so no change is sent twice at once. */
  exclusive?: (work: () => Promise<void>) => Promise<void>;
  /** Runs after a change is sent and before it leaves the queue (e.g. to refetch the lists that show it, so nothing blinks). */
  onSynced?: (item: OutboxItem) => Promise<void> | void;
  onFailed?: (item: OutboxItem, error: BackendError) => void;
}

export class SyncEngine {
  private readonly store: OutboxStore;
  private readonly handlers: Record<string, ChangeHandler>;
  private readonly clock: Clock;
  private readonly isOnline: () => boolean;
  private readonly canSync: () => boolean;
  private readonly options: SyncEngineOptions;
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, Waiter>();
  private snapshot: OutboxSnapshot = { items: [], sendingId: null, sentInRun: 0, online: true, loaded: false };
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private timer: unknown = null;
  /** Numbers the reads of the queue, so a slow older read never replaces a newer one on screen. */
  private reads = 0;
  private shownRead = 0;

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.store = options.store;
    this.handlers = options.handlers;
    this.clock = options.clock ?? realClock;
    this.isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
    this.canSync = options.canSync ?? (() => true);
    this.snapshot = { ...this.snapshot, online: this.isOnline() };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): OutboxSnapshot => this.snapshot;

  /** Loads what is queued (e.g. after a reload) and starts sending. */
  async start(): Promise<void> {
    await this.refresh();
    void this.flush();
  }

  /** The network is back, or someone signed in: retry waiting changes now. */
  async wake(): Promise<void> {
    const now = this.clock.now();
    for (const item of await this.store.load()) {
      if (item.status === 'pending' && item.nextAttemptAt > now) await this.store.put({ ...item, nextAttemptAt: now });
    }
    await this.refresh();
    void this.flush();
  }

  /** Queues a change and starts sending it; settles when it is sent ('synced'), when it has to wait for the network ('queued'), or rejects when the server refuses it. */
  async submit<Payload>(change: NewChange<Payload>): Promise<SubmitOutcome> {
    return (await this.enqueue(change)).outcome;
  }

  /** Like submit, but returns once the change is stored (in the queue the UI shows), with its outcome to come. */
  async enqueue<Payload>(change: NewChange<Payload>): Promise<{ outcome: Promise<SubmitOutcome> }> {
    const now = this.clock.now();
    const item = await this.store.add({
      id: change.id ?? crypto.randomUUID(),
      kind: change.kind,
      entity: change.entity,
      dependsOn: change.dependsOn ?? [],
      payload: change.payload,
      label: change.label,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
    const outcome = new Promise<SubmitOutcome>((resolve, reject) => this.waiters.set(item.id, { resolve, reject }));
    await this.refresh();
    if (!this.isOnline() || !this.canSync()) this.settle(item.id, 'queued');
    void this.flush();
    return { outcome };
  }

  async retry(id: string): Promise<void> {
    const item = (await this.store.load()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.store.put({ ...item, status: 'pending', error: undefined, attempts: 0, nextAttemptAt: this.clock.now() });
    await this.refresh();
    void this.flush();
  }

  async retryAll(): Promise<void> {
    await this.retryWhere(() => true);
  }

  /** Puts failed changes that match back in the queue, and sends. */
  async retryWhere(matches: (item: OutboxItem) => boolean): Promise<void> {
    for (const item of await this.store.load()) {
      if (item.status === 'failed' && matches(item)) {
        await this.store.put({ ...item, status: 'pending', error: undefined, attempts: 0 });
      }
    }
    await this.wake();
  }

  /** Drops a change that will never be sent (the user chose to discard it). */
  async discard(id: string): Promise<void> {
    const item = (await this.store.load()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.store.delete(item);
    await this.refresh();
    void this.flush();
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
      const handler = this.handlers[next.kind];
      try {
        if (!handler) throw Object.assign(new Error('This change can no longer be sent.'), { status: 400 });
        await handler(next.payload as never, next);
        await this.options.onSynced?.(next);
        await this.store.delete(next);
        this.snapshot = { ...this.snapshot, sendingId: null, sentInRun: this.snapshot.sentInRun + 1 };
        this.settle(next.id, 'synced');
      } catch (caught) {
        this.snapshot = { ...this.snapshot, sendingId: null };
        const error = toBackendError(caught);
        if (error.retryable) {
          const attempts = next.attempts + 1;
          const delay = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!;
          await this.store.put({ ...next, attempts, nextAttemptAt: this.clock.now() + delay, error: error.message });
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
          const failed: OutboxItem = { ...next, status: 'failed', attempts: next.attempts + 1, error: error.message };
          await this.store.put(failed);
          this.fail(next.id, error);
          this.options.onFailed?.(failed, error);
        }
      }
    }
  }

  private scheduleWake(items: OutboxItem[], now: number): void {
    const waiting = items.filter((item) => item.status === 'pending' && item.nextAttemptAt > now);
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((item) => item.nextAttemptAt));
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.flush();
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

  private async read(): Promise<QueueRead> {
    const seq = ++this.reads;
    return { seq, items: await this.store.load() };
  }

  /**
   * Publishes a read of the queue. Reads overlap (a submit, a flush and a wake can all be
   * reading), and one begun earlier can finish later: its list would bring back changes
   * already sent or hide ones just queued, so only a newer read replaces the items.
   */
  private show(read: QueueRead): void {
    if (read.seq > this.shownRead) {
      this.shownRead = read.seq;
      this.snapshot = { ...this.snapshot, items: read.items };
    }
    this.snapshot = { ...this.snapshot, online: this.isOnline(), loaded: true };
    this.listeners.forEach((listener) => listener());
  }
}

/** The first change that may be sent now: not failed, not backing off, nothing earlier blocking it. */
export function nextSendable(items: OutboxItem[], now: number): OutboxItem | undefined {
  const blocked = new Set<string>();
  for (const item of items) {
    const waitsOnEarlier = blocked.has(item.entity) || item.dependsOn.some((entity) => blocked.has(entity));
    if (waitsOnEarlier || item.status === 'failed' || item.nextAttemptAt > now) {
      blocked.add(item.entity);
      continue;
    }
    return item;
  }
  return undefined;
}
