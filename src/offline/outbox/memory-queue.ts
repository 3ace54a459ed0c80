import type { QueuedChange } from './queued-change';

type Change<Item> = (items: readonly Item[]) => readonly Item[];

/** A read of the stored queue under way; hand it what the store returned, or drop it. */
export interface QueueRead<Item> {
  finish(stored: readonly Item[]): void;
  abandon(): void;
}

/**
 * The outbox's queue as the sync engine keeps it between reads of IndexedDB: the items in queue
 * order (by `seq`). A read replaces them all; the engine's own writes change them one item at a
 * time, right after the store has them (write-through).
 *
 * A read takes a while, and the queue changes meanwhile (a change is queued, one is sent). What
 * changes while a read is under way is applied again on top of what that read returns, so a
 * read begun before a change can neither bring back an item just removed nor drop one just
 * added.
 *
 * `items` is a new array after every change: a snapshot that hands it to screens never sees it
 * change under it.
 */
export class MemoryQueue<Item extends QueuedChange> {
  private list: readonly Item[] = [];
  private readonly reads = new Set<Array<Change<Item>>>();

  /** Every item, in queue order. */
  get items(): readonly Item[] {
    return this.list;
  }

  get(id: string): Item | undefined {
    return this.list.find((item) => item.id === id);
  }

  /** Adds the item in its place by `seq`, or replaces the item with its id. */
  put(item: Item): void {
    this.apply((items) => withItem(items, item));
  }

  remove(id: string): void {
    this.apply((items) => {
      const index = items.findIndex((item) => item.id === id);
      return index === -1 ? items : [...items.slice(0, index), ...items.slice(index + 1)];
    });
  }

  /** Begins a read of the stored queue: what changes until it finishes is applied on top of it. */
  beginRead(): QueueRead<Item> {
    const journal: Array<Change<Item>> = [];
    this.reads.add(journal);
    return {
      finish: (stored) => {
        if (!this.reads.delete(journal)) return;
        this.list = journal.reduce<readonly Item[]>((items, change) => change(items), [...stored]);
      },
      abandon: () => void this.reads.delete(journal),
    };
  }

  private apply(change: Change<Item>): void {
    this.list = change(this.list);
    for (const journal of this.reads) journal.push(change);
  }
}

/** The items with this one in its place: its own id's, or by `seq` (almost always the end). */
function withItem<Item extends QueuedChange>(items: readonly Item[], item: Item): readonly Item[] {
  const last = items.at(-1);
  // An item keeps the seq the store gave it: one after the last is new, and goes last.
  if (item.seq !== undefined && (last === undefined || (last.seq ?? Infinity) < item.seq))
    return [...items, item];
  const existing = items.findIndex((candidate) => candidate.id === item.id);
  if (existing !== -1)
    return items.map((candidate, index) => (index === existing ? item : candidate));
  let index = items.length;
  if (item.seq !== undefined) {
    while (index > 0 && (items[index - 1]!.seq ?? -Infinity) > item.seq) index -= 1;
  }
  return [...items.slice(0, index), item, ...items.slice(index)];
}
