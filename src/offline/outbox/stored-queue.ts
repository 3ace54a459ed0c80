import { MemoryQueue } from './memory-queue';
import type { OutboxStore, QueuedChange, StoredBlob } from './queued-change';

/**
 * The queue as the sync engine sees it: stored in IndexedDB, kept in memory between reads
 * (docs/offline.md). It is read from the store once, the first time it is needed; each write
 * goes to the store, then to memory (write-through). Tabs share the store: before the engine
 * acts on the queue it asks the store whether another tab wrote it since (one small read), and
 * reads it again only then, or when told to.
 */
export class StoredQueue<Item extends QueuedChange> {
  private readonly memory = new MemoryQueue<Item>();
  /** Reads of the store, one after another. */
  private reading: Promise<void> = Promise.resolve();
  /** The first read, begun by whatever needs the queue first. */
  private firstRead: Promise<void> | null = null;
  private read = false;
  /** Writes under way (track). */
  private readonly writing = new Set<Promise<unknown>>();

  constructor(
    private readonly store: OutboxStore<Item>,
    /** Called after every read of the store. */
    private readonly onRead: () => void,
  ) {}

  /** Every item as memory holds it, in queue order. */
  get items(): readonly Item[] {
    return this.memory.items;
  }

  /** Whether the store has been read yet (after a reload, the queue is not empty until then). */
  get hasRead(): boolean {
    return this.read;
  }

  /** The queue as it stands: read the first time, and again when another tab wrote it since. */
  async current(): Promise<readonly Item[]> {
    if (!this.read) {
      this.firstRead ??= this.reload().finally(() => {
        this.firstRead = null;
      });
      await this.firstRead;
    } else if (await this.store.changedElsewhere?.()) {
      await this.reload();
    }
    return this.memory.items;
  }

  /** Reads the stored queue into memory, after any read already under way. */
  reload(): Promise<void> {
    const read = this.reading
      .catch(() => undefined)
      .then(async () => {
        const reading = this.memory.beginRead();
        try {
          const stored = await this.store.load();
          while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
          reading.finish(stored);
        } catch (error) {
          reading.abandon();
          throw error;
        }
        this.read = true;
        this.onRead();
      });
    this.reading = read;
    return read;
  }

  /** Stores a new item with the blobs it needs (all or nothing), then holds it in memory. */
  add(item: Item, blobs: StoredBlob[]): Promise<Item> {
    return this.track(async () => {
      const stored = await this.store.add(item, blobs);
      this.memory.put(stored);
      return stored;
    });
  }

  /** Writes a change of an item through: to the store, then to memory. */
  put(item: Item): Promise<void> {
    return this.track(async () => {
      await this.store.put(item);
      this.memory.put(item);
    });
  }

  /** Removes an item from the store, then from memory. */
  remove(item: Item): Promise<void> {
    return this.track(async () => {
      await this.store.delete(item);
      this.memory.remove(item.id);
    });
  }

  /**
   * Runs a write (the store, then memory). A read of the store waits for those under way
   * before it replaces the queue in memory: it may have seen one in the store already, and
   * memory must have it too before anything acts on the read (or a change sent meanwhile would
   * come back when its write reached memory).
   */
  private async track<T>(write: () => Promise<T>): Promise<T> {
    const running = write();
    this.writing.add(running);
    try {
      return await running;
    } finally {
      this.writing.delete(running);
    }
  }
}
