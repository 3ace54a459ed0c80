import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminDatabase } from '@/offline/outbox/db';
import { dexieOutboxStore } from '@/offline/outbox/outbox-store';
import { newChange, type OutboxItem } from '@/offline/outbox/registry';
import { queued } from './queued-change';

let db: AdminDatabase;

beforeEach(() => {
  db = new AdminDatabase(`outbox-store-${crypto.randomUUID()}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** A rename as the engine hands it to the store: without a seq, which the store gives. */
function rename(name: string): OutboxItem {
  const { seq: _seq, ...item } = queued(
    newChange('album.update', { id: 'a1', name, description: null, isPublic: false }),
  );
  return item;
}

describe('the outbox store', () => {
  it('gives each change its place in the queue and reads them back in that order', async () => {
    const store = dexieOutboxStore(db);
    const first = await store.add(rename('First'), []);
    const second = await store.add(rename('Second'), []);
    expect(second.seq).toBeGreaterThan(first.seq!);
    await store.put({ ...first, status: 'failed' });
    expect((await store.load()).map((item) => [item.label, item.status])).toEqual([
      ['Update collection “First”', 'failed'],
      ['Update collection “Second”', 'pending'],
    ]);
    await store.delete(first);
    expect((await store.load()).map((item) => item.id)).toEqual([second.id]);
  });

  it('tells when another tab wrote the queue since it last read or wrote it, and only then', async () => {
    const tab = dexieOutboxStore(db);
    const otherTab = dexieOutboxStore(db);
    await tab.load();
    expect(await tab.changedElsewhere!()).toBe(false);

    // Its own writes keep it in step.
    const mine = await tab.add(rename('Mine'), []);
    await tab.put({ ...mine, attempts: 1 });
    expect(await tab.changedElsewhere!()).toBe(false);

    // Each kind of write of another tab shows.
    const theirs = await otherTab.add(rename('Theirs'), []);
    expect(await tab.changedElsewhere!()).toBe(true);
    await tab.load();
    expect(await tab.changedElsewhere!()).toBe(false);
    await otherTab.put({ ...theirs, status: 'failed' });
    expect(await tab.changedElsewhere!()).toBe(true);
    await tab.load();
    await otherTab.delete(theirs);
    expect(await tab.changedElsewhere!()).toBe(true);

    // A write of its own after another tab's does not hide that one.
    await tab.load();
    await otherTab.add(rename('Theirs again'), []);
    await tab.delete(mine);
    expect(await tab.changedElsewhere!()).toBe(true);
    expect((await tab.load()).map((item) => item.label)).toEqual([
      'Update collection “Theirs again”',
    ]);
    expect(await tab.changedElsewhere!()).toBe(false);
  });

  it('counts nothing for a change it could not store', async () => {
    const tab = dexieOutboxStore(db);
    await tab.load();
    const broken = rename('Broken');
    Object.assign(broken.payload, { notCloneable: () => undefined });
    await expect(tab.add(broken, [])).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.revisions.get('outbox')).toBeUndefined();
    expect(await tab.changedElsewhere!()).toBe(false);
  });

  it('has not read the queue before its first read', async () => {
    expect(await dexieOutboxStore(db).changedElsewhere!()).toBe(true);
  });
});
