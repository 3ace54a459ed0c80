import { toBackendError, type BackendError } from '@/lib/backend/errors';
import type {
  ChangeFailure,
  ChangeRequest,
  OutboxSnapshot,
  OutboxStore,
  QueuedChange,
  StoredBlob,
  SubmitOutcome,
} from './queued-change';
import { BACKOFF_MS, nextSendable, realClock, type Clock } from './send-rules';
import { StoredQueue } from './stored-queue';

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
 * - The queue is read from the store once and kept in memory, written through
 *   (stored-queue.ts); before it picks what to send, and before a retry or discard, the engine
 *   asks whether another tab wrote it since, and it reads it again when woken.
 * - No UI inside: a store, the sender and a clock are injected.
 */

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
  /** The queue, kept in memory between reads of the store. */
  private readonly queue: StoredQueue<Item>;

  constructor(options: SyncEngineOptions<Item>) {
    this.options = options;
    this.queue = new StoredQueue(options.store, () => this.show());
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

  /** The queue as this engine holds it (in memory), in queue order. */
  queued(): readonly Item[] {
    return this.queue.items;
  }

  /** Reads what is queued (e.g. after a reload) and starts sending. */
  async start(): Promise<void> {
    await this.queue.current();
    this.kick();
  }

  /**
   * The network is back, the app is shown again, or the service worker asks: read the queue
   * again (another tab may have changed it meanwhile) and retry waiting changes now.
   */
  async wake(): Promise<void> {
    await this.queue.reload();
    await this.sendWaitingNow();
  }

  private async sendWaitingNow(): Promise<void> {
    const now = this.clock.now();
    for (const item of this.queue.items) {
      if (item.status === 'pending' && item.nextAttemptAt > now)
        await this.queue.put({ ...item, nextAttemptAt: now });
    }
    this.show();
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
    const id = change.id ?? crypto.randomUUID();
    // Its submitter is listening before it is stored: once it is, a flush under way may send it.
    let waiter!: Waiter;
    const outcome = new Promise<SubmitOutcome>((resolve, reject) => {
      waiter = { resolve, reject };
    });
    const earlier = this.waiters.get(id);
    this.waiters.set(id, waiter);
    let item: Item;
    try {
      item = await this.queue.add(
        // The request is the item minus its queue state, for whichever kind it is (TypeScript
        // cannot follow an Omit over a generic union back to the union).
        {
          ...change,
          id,
          dependsOn: change.dependsOn ?? [],
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        } as unknown as Item,
        blobs,
      );
    } catch (error) {
      if (earlier) this.waiters.set(id, earlier);
      else this.waiters.delete(id);
      throw error;
    }
    this.show();
    if (!this.isOnline() || !this.canSync()) this.settle(item.id, 'queued');
    this.kick();
    return { item, outcome };
  }

  async retry(id: string): Promise<void> {
    const item = (await this.queue.current()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.queue.put({
      ...item,
      status: 'pending',
      failure: undefined,
      attempts: 0,
      nextAttemptAt: this.clock.now(),
    });
    this.show();
    this.kick();
  }

  async retryAll(): Promise<void> {
    await this.retryWhere(() => true);
  }

  /** Puts failed changes that match back in the queue, and sends. */
  async retryWhere(matches: (item: Item) => boolean): Promise<void> {
    for (const item of await this.queue.current()) {
      if (item.status === 'failed' && matches(item)) {
        await this.queue.put({ ...item, status: 'pending', failure: undefined, attempts: 0 });
      }
    }
    await this.sendWaitingNow();
  }

  /** Drops a change that will never be sent (the user chose to discard it) and frees what it kept on this device. */
  async discard(id: string): Promise<void> {
    const item = (await this.queue.current()).find((candidate) => candidate.id === id);
    if (!item) return;
    await this.queue.remove(item);
    await this.options.discarded?.(item);
    this.show();
    this.kick();
  }

  /** Drops every queued change that matches, as discard does. */
  async discardWhere(matches: (item: Item) => boolean): Promise<void> {
    for (const item of (await this.queue.current()).filter(matches)) await this.discard(item.id);
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
      const items = await this.queue.current();
      if (items.length === 0) {
        this.snapshot = { ...this.snapshot, sentInRun: 0 };
        this.show();
        return;
      }
      if (!this.isOnline() || !this.canSync()) {
        this.settleWaiting(items);
        this.show();
        return;
      }
      const now = this.clock.now();
      const next = nextSendable(items, now);
      if (!next) {
        // Whatever is left waits (backoff, or behind a refused change): tell its submitters.
        this.settleWaiting(items);
        this.scheduleWake(items, now);
        this.show();
        return;
      }
      this.snapshot = { ...this.snapshot, sendingId: next.id };
      this.show();
      try {
        await this.options.send(next);
        await this.options.onSynced?.(next);
        await this.queue.remove(next);
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
          await this.queue.put({
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
            const waiting = await this.queue.current();
            this.settleWaiting(waiting);
            this.scheduleWake(waiting, this.clock.now());
            this.show();
            return;
          }
        } else {
          // Only this change and those behind it (its entity, its dependents) stop.
          const failed: Item = { ...next, status: 'failed', attempts: next.attempts + 1, failure };
          await this.queue.put(failed);
          this.fail(next.id, error);
          this.options.onFailed?.(failed, error);
        }
      }
    }
  }

  private scheduleWake(items: readonly Item[], now: number): void {
    const waiting = items.filter((item) => item.status === 'pending' && item.nextAttemptAt > now);
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((item) => item.nextAttemptAt));
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, soonest - now);
  }

  /** Tells the submitters of these changes, still queued, that they wait ('queued'). */
  private settleWaiting(items: readonly Item[]): void {
    if (this.waiters.size === 0) return;
    for (const item of items) this.settle(item.id, 'queued');
  }

  private settle(id: string, outcome: SubmitOutcome): void {
    this.waiters.get(id)?.resolve(outcome);
    this.waiters.delete(id);
  }

  private fail(id: string, error: BackendError): void {
    this.waiters.get(id)?.reject(error);
    this.waiters.delete(id);
  }

  /** Publishes the queue as it is in memory (and whether it has been read yet). */
  private show(): void {
    this.snapshot = {
      ...this.snapshot,
      items: this.queue.items,
      online: this.isOnline(),
      loaded: this.queue.hasRead,
    };
    this.listeners.forEach((listener) => listener());
  }
}
