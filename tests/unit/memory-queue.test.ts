import { describe, expect, it } from 'vitest';
import { MemoryQueue } from '@/offline/outbox/memory-queue';
import type { QueuedChange } from '@/offline/outbox/queued-change';

const item = (seq: number, fields: Partial<QueuedChange> = {}): QueuedChange => ({
  id: `item-${seq}`,
  seq,
  kind: 'album.update',
  version: 1,
  entity: 'album:a1',
  dependsOn: [],
  payload: { seq },
  label: `Change ${seq}`,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: seq,
  ...fields,
});
const ids = (queue: MemoryQueue<QueuedChange>) => queue.items.map((queued) => queued.id);

describe('the outbox queue in memory', () => {
  it('keeps queue order by seq, whatever order the items arrive in, and replaces by id', () => {
    const queue = new MemoryQueue<QueuedChange>();
    queue.put(item(2));
    queue.put(item(5));
    queue.put(item(1));
    queue.put(item(3));
    expect(ids(queue)).toEqual(['item-1', 'item-2', 'item-3', 'item-5']);
    queue.put(item(3, { status: 'failed' }));
    expect(ids(queue)).toEqual(['item-1', 'item-2', 'item-3', 'item-5']);
    expect(queue.get('item-3')?.status).toBe('failed');
    queue.remove('item-1');
    queue.remove('item-4');
    expect(ids(queue)).toEqual(['item-2', 'item-3', 'item-5']);
  });

  it('hands out a new array on every change, never changing one it handed out', () => {
    const queue = new MemoryQueue<QueuedChange>();
    queue.put(item(1));
    const before = queue.items;
    queue.put(item(2));
    queue.put(item(1, { attempts: 1 }));
    queue.remove('item-2');
    expect(before).toEqual([item(1)]);
    expect(queue.items).not.toBe(before);
  });

  it('keeps what changed during a read on top of what the read returns', () => {
    const queue = new MemoryQueue<QueuedChange>();
    queue.put(item(1));
    queue.put(item(2));
    const read = queue.beginRead();
    // Meanwhile: item 1 is sent, item 2 fails, item 4 is queued.
    queue.remove('item-1');
    queue.put(item(2, { status: 'failed' }));
    queue.put(item(4));
    // The read saw the store before all that, and another tab's item 3.
    read.finish([item(1), item(2), item(3)]);
    expect(queue.items).toEqual([item(2, { status: 'failed' }), item(3), item(4)]);
  });

  it('replaces everything with what a read returns when nothing changed meanwhile', () => {
    const queue = new MemoryQueue<QueuedChange>();
    queue.put(item(1));
    queue.put(item(2));
    const read = queue.beginRead();
    // Another tab sent item 1 and queued item 3.
    read.finish([item(2), item(3)]);
    expect(ids(queue)).toEqual(['item-2', 'item-3']);
    // A finished read records nothing more.
    queue.remove('item-3');
    expect(ids(queue)).toEqual(['item-2']);
  });

  it('leaves the items as they are when a read fails', () => {
    const queue = new MemoryQueue<QueuedChange>();
    queue.put(item(1));
    const read = queue.beginRead();
    queue.put(item(2));
    read.abandon();
    read.finish([]);
    expect(ids(queue)).toEqual(['item-1', 'item-2']);
  });
});
