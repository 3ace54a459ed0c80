import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendError } from '@/lib/backend/errors';
import { AdminDatabase } from '@/offline/outbox/db';
import { dexieOutboxStore } from '@/offline/outbox/outbox-store';
import { SyncEngine } from '@/offline/outbox/sync-engine';
import type { ChangeRequest, OutboxStore, QueuedChange } from '@/offline/outbox/queued-change';
import type { Clock } from '@/offline/outbox/send-rules';

/** A clock the test moves by hand; timers run when their time comes. */
class FakeClock implements Clock {
  time = 1_000_000;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers.delete(handle as number);
  };
  advance(ms: number) {
    this.time += ms;
    for (const [id, timer] of [...this.timers]) {
      if (timer.at <= this.time) {
        this.timers.delete(id);
        timer.callback();
      }
    }
  }
}

/** A transport whose answers the test scripts: each call takes the next outcome of its kind. */
class FakeTransport {
  calls: Array<{ kind: string; payload: unknown; at: number }> = [];
  private scripts = new Map<string, Array<'ok' | Error>>();
  constructor(private clock: FakeClock) {}
  script(kind: string, ...outcomes: Array<'ok' | Error>) {
    this.scripts.set(kind, outcomes);
  }
  send = async ({ kind, payload }: QueuedChange) => {
    this.calls.push({ kind, payload, at: this.clock.now() });
    const outcome = this.scripts.get(kind)?.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
  };
}

const networkError = () => new BackendError('Could not reach the server.', 'network', 0);
const serverError = () => new BackendError('Service unavailable', 'server', 503);
const rateLimited = () => new BackendError('Too many attempts', 'rate-limited', 429);
const refused = (message: string) => new BackendError(message, 'refused', 400);
const sessionEnded = () => new BackendError('Not authenticated', 'auth', 401);

let db: AdminDatabase;
let clock: FakeClock;
let transport: FakeTransport;
let online: boolean;
let failures: Array<{ item: QueuedChange; message: string }>;

let engines: SyncEngine[] = [];

function engine(store: OutboxStore = dexieOutboxStore(db)) {
  const created = new SyncEngine({
    store,
    send: transport.send,
    clock,
    isOnline: () => online,
    onFailed: (item, error) => failures.push({ item, message: error.message }),
  });
  engines.push(created);
  return created;
}

beforeEach(() => {
  db = new AdminDatabase(`test-${crypto.randomUUID()}`);
  clock = new FakeClock();
  transport = new FakeTransport(clock);
  online = true;
  failures = [];
});

afterEach(async () => {
  await Promise.all(engines.map((created) => created.flush()));
  engines = [];
  db.close();
  await db.delete();
});

/** A change as the engine sees it (kinds here are just names: the engine knows none). */
const change = (
  fields: Omit<ChangeRequest<QueuedChange>, 'version'>,
): ChangeRequest<QueuedChange> => ({ version: 1, ...fields });
const createAlbum = (id = 'a1') =>
  change({ kind: 'album.create', entity: `album:${id}`, payload: { id }, label: `Create ${id}` });
const uploadPhoto = (id: string, album = 'a1') =>
  change({
    kind: 'photo.upload',
    entity: `photo:${id}`,
    dependsOn: [`album:${album}`],
    payload: { id },
    label: `Upload ${id}`,
  });

describe('the sync engine', () => {
  it('sends a change at once and settles it as synced, leaving the outbox empty', async () => {
    const sync = engine();
    expect(await sync.submit(createAlbum())).toBe('synced');
    expect(transport.calls).toEqual([
      { kind: 'album.create', payload: { id: 'a1' }, at: clock.time },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries network errors, 5xx and 429 with backoff of 1, 2, 5 and 10 seconds', async () => {
    transport.script(
      'album.create',
      networkError(),
      serverError(),
      rateLimited(),
      serverError(),
      'ok',
    );
    const sync = engine();
    const start = clock.time;
    expect(await sync.submit(createAlbum())).toBe('queued');
    for (const wait of [1_000, 2_000, 5_000, 10_000]) {
      clock.advance(wait - 1);
      await sync.flush();
      const callsBefore = transport.calls.length;
      clock.advance(1);
      await sync.flush();
      expect(transport.calls.length).toBe(callsBefore + 1);
    }
    expect(transport.calls.map((call) => call.at - start)).toEqual([
      0, 1_000, 3_000, 8_000, 18_000,
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("stops on a refusal (4xx) with the server's message and keeps the change for the user", async () => {
    transport.script('album.create', refused('Collection name is required'));
    const sync = engine();
    await expect(sync.submit(createAlbum())).rejects.toThrow('Collection name is required');
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({
      status: 'failed',
      failure: { kind: 'refused', status: 400, message: 'Collection name is required' },
      attempts: 1,
    });
    expect(failures.map((failure) => failure.message)).toEqual(['Collection name is required']);
    clock.advance(120_000);
    await sync.flush();
    expect(transport.calls).toHaveLength(1);
  });

  it('keeps order per entity: later changes wait behind a failing one, other entities go on', async () => {
    transport.script('album.create', serverError(), 'ok');
    const sync = engine();
    await sync.submit(createAlbum('a1'));
    const upload = sync.submit(uploadPhoto('p1', 'a1'));
    const update = sync.submit(
      change({
        kind: 'album.update',
        entity: 'album:a1',
        payload: { id: 'a1', name: 'x' },
        label: 'Rename',
      }),
    );
    const otherLink = sync.submit(
      change({ kind: 'link.create', entity: 'link:l1', payload: { id: 'l1' }, label: 'Link' }),
    );
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.create', 'link.create']);
    expect(await otherLink).toBe('synced');

    clock.advance(1_000);
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual([
      'album.create',
      'link.create',
      'album.create',
      'photo.upload',
      'album.update',
    ]);
    // They had to wait, so their submitters heard 'queued'; the queue still sent them in order.
    expect(await upload).toBe('queued');
    expect(await update).toBe('queued');
    expect(await db.outbox.count()).toBe(0);
  });

  it('holds dependent changes behind a failed one until it is retried', async () => {
    transport.script('album.create', sessionEnded());
    const sync = engine();
    await expect(sync.submit(createAlbum('a1'))).rejects.toThrow('Not authenticated');
    void sync.submit(uploadPhoto('p1', 'a1'));
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.create']);

    await sync.retryAll();
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual([
      'album.create',
      'album.create',
      'photo.upload',
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  // The failures that used to count as network errors and hold up the whole queue: whatever
  // a change fails with that is no missing answer stops that change and its dependents only.
  for (const [name, failure, kind] of [
    [
      'a photo the browser cannot decode',
      () => new Error('IMG_0666.jpg could not be read as a photo.'),
      'refused',
    ],
    ['a TypeError', () => new TypeError('Cannot read properties of undefined'), 'refused'],
    [
      'a full disk',
      () => new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      'refused',
    ],
    [
      'a conflict with the server',
      () => new BackendError('A linked item no longer exists', 'conflict', 409),
      'conflict',
    ],
  ] as const) {
    it(`stops only the change and its dependents on ${name}; the rest of the queue goes on`, async () => {
      transport.script('photo.upload', failure());
      online = false;
      const sync = engine();
      await sync.submit(uploadPhoto('p1', 'a1'));
      await sync.submit(
        change({ kind: 'album.update', entity: 'photo:p1', payload: {}, label: 'Behind it' }),
      );
      await sync.submit(createAlbum('a2'));
      await sync.submit(uploadPhoto('p2', 'a2'));
      online = true;
      await sync.wake();
      await sync.flush();
      expect(transport.calls.map((call) => call.kind)).toEqual([
        'photo.upload',
        'album.create',
        'photo.upload',
      ]);
      const [failed, waiting] = await db.outbox.toArray();
      expect(failed).toMatchObject({ label: 'Upload p1', status: 'failed', failure: { kind } });
      expect(waiting).toMatchObject({ label: 'Behind it', status: 'pending' });
      expect(await db.outbox.count()).toBe(2);
      // No retry timer for it: it waits for the user.
      clock.advance(120_000);
      await sync.flush();
      expect(transport.calls).toHaveLength(3);
    });
  }

  it('waits after a network error instead of failing every other change too', async () => {
    transport.script('album.create', networkError(), 'ok');
    online = false;
    const sync = engine();
    await sync.submit(createAlbum('a1'));
    await sync.submit(
      change({ kind: 'link.create', entity: 'link:l1', payload: { id: 'l1' }, label: 'Link' }),
    );
    await sync.flush();
    online = true;
    await sync.wake();
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.create']);
    clock.advance(1_000);
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual([
      'album.create',
      'album.create',
      'link.create',
    ]);
  });

  it('queues changes while offline and sends them when the network returns', async () => {
    online = false;
    const sync = engine();
    expect(await sync.submit(createAlbum())).toBe('queued');
    expect(await sync.submit(uploadPhoto('p1'))).toBe('queued');
    expect(transport.calls).toEqual([]);
    expect(sync.getSnapshot().items.map((item) => item.label)).toEqual(['Create a1', 'Upload p1']);
    await sync.flush();

    online = true;
    await sync.wake();
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.create', 'photo.upload']);
    expect(sync.getSnapshot().items).toEqual([]);
  });

  it('keeps showing every queued change when an older read of the queue finishes after a newer one', async () => {
    online = false;
    const store = dexieOutboxStore(db);
    let held: { release: () => void; finished: Promise<void> } | null = null;
    let holdNextRead = false;
    const sync = engine({
      ...store,
      // The next read takes the queue as it is, then finishes only when the test says so.
      async load() {
        const items = await store.load();
        if (holdNextRead) {
          holdNextRead = false;
          let release!: () => void;
          const finished = new Promise<void>((resolve) => (release = resolve));
          held = { release, finished };
          await finished;
        }
        return items;
      },
    });
    holdNextRead = true;
    const first = sync.submit(uploadPhoto('p1'));
    await expect.poll(() => held).not.toBeNull();
    expect(await sync.submit(uploadPhoto('p2'))).toBe('queued');
    expect(sync.getSnapshot().items.map((item) => item.label)).toEqual(['Upload p1', 'Upload p2']);

    held!.release();
    expect(await first).toBe('queued');
    expect(sync.getSnapshot().items.map((item) => item.label)).toEqual(['Upload p1', 'Upload p2']);
  });

  it('resumes after a restart: a new engine on the same database sends what was queued', async () => {
    online = false;
    const before = engine();
    await before.submit(createAlbum());
    await before.submit(uploadPhoto('p1'));
    await before.flush();
    online = true;
    const restarted = engine();
    await restarted.start();
    await restarted.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.create', 'photo.upload']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('settles a change stuck behind a refused one as queued instead of leaving its submitter waiting', async () => {
    transport.script('album.update', refused('Album not found'));
    const sync = engine();
    await expect(
      sync.submit(
        change({ kind: 'album.update', entity: 'album:a1', payload: {}, label: 'Rename' }),
      ),
    ).rejects.toThrow();
    expect(
      await sync.submit(
        change({ kind: 'album.update', entity: 'album:a1', payload: {}, label: 'Rename again' }),
      ),
    ).toBe('queued');
    expect(transport.calls).toHaveLength(1);
  });

  it('lets the user discard a failed change, which frees the changes behind it', async () => {
    transport.script('album.update', refused('Album not found'));
    const sync = engine();
    const failed = sync.submit(
      change({ kind: 'album.update', entity: 'album:a1', payload: {}, label: 'Rename' }),
    );
    await expect(failed).rejects.toThrow('Album not found');
    void sync.submit(uploadPhoto('p1', 'a1'));
    await sync.flush();
    expect(transport.calls).toHaveLength(1);
    const [item] = sync.getSnapshot().items;
    await sync.discard(item!.id);
    await sync.flush();
    expect(transport.calls.map((call) => call.kind)).toEqual(['album.update', 'photo.upload']);
  });

  it('counts progress for "syncing k of N"', async () => {
    online = false;
    const sync = engine();
    for (const id of ['p1', 'p2', 'p3']) await sync.submit(uploadPhoto(id));
    await sync.flush();
    const seen: Array<[number, number]> = [];
    sync.subscribe(() => {
      const { sendingId, sentInRun, items } = sync.getSnapshot();
      if (sendingId) seen.push([sentInRun + 1, sentInRun + items.length]);
    });
    online = true;
    await sync.wake();
    await sync.flush();
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});

/** One lock for several engines on one database, as Web Locks gives the tabs of a browser. */
function sharedLock() {
  let last: Promise<void> = Promise.resolve();
  return (work: () => Promise<void>) => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

/** The store over `db`, counting its full reads of the queue. */
function countingStore() {
  const store = dexieOutboxStore(db);
  const counted = {
    loads: 0,
    store: {
      ...store,
      load: () => {
        counted.loads += 1;
        return store.load();
      },
    } satisfies OutboxStore,
  };
  return counted;
}

const rename = (name: string, album = 'a1') =>
  change({ kind: 'album.update', entity: `album:${album}`, payload: { name }, label: name });

describe('the queue in memory', () => {
  it('reads the stored queue once when it starts, however many changes it then sends', async () => {
    online = false;
    const before = engine();
    for (let i = 0; i < 50; i++) await before.submit(rename(`Edit ${i}`, `a${i % 5}`));
    await before.flush();

    online = true;
    const counting = countingStore();
    const sync = engine(counting.store);
    await sync.start();
    await sync.flush();
    expect(transport.calls).toHaveLength(50);
    expect(transport.calls.map((call) => call.payload)).toEqual(
      Array.from({ length: 50 }, (_, i) => ({ name: `Edit ${i}` })),
    );
    expect(await db.outbox.count()).toBe(0);
    expect(counting.loads).toBe(1);
  });

  it('queues changes without reading the stored queue again', async () => {
    online = false;
    const counting = countingStore();
    const sync = engine(counting.store);
    await sync.start();
    for (let i = 0; i < 30; i++) expect(await sync.submit(rename(`Edit ${i}`))).toBe('queued');
    await sync.flush();
    expect(sync.getSnapshot().items).toHaveLength(30);
    expect(counting.loads).toBe(1);
  });

  it('shows the queue as read from the store once it has been read', async () => {
    online = false;
    await engine().submit(rename('Queued before a reload'));
    const sync = engine();
    expect(sync.getSnapshot()).toMatchObject({ items: [], loaded: false });
    await sync.start();
    expect(sync.getSnapshot()).toMatchObject({
      items: [expect.objectContaining({ label: 'Queued before a reload' })],
      loaded: true,
    });
  });

  describe('with two tabs open on one database', () => {
    const tab = (exclusive = sharedLock()) => {
      const created = new SyncEngine<QueuedChange>({
        store: dexieOutboxStore(db),
        send: transport.send,
        clock,
        isOnline: () => online,
        exclusive,
      });
      engines.push(created);
      return created;
    };

    it('sends each change once when both had read it and both are woken', async () => {
      online = false;
      const lock = sharedLock();
      const first = tab(lock);
      const second = tab(lock);
      await first.submit(createAlbum('a1'));
      await first.submit(uploadPhoto('p1', 'a1'));
      await first.submit(rename('Renamed'));
      await second.start();
      expect(second.getSnapshot().items).toHaveLength(3);

      online = true;
      await Promise.all([first.wake(), second.wake()]);
      await Promise.all([first.flush(), second.flush()]);
      await Promise.all([first.flush(), second.flush()]);
      expect(transport.calls.map((call) => call.kind)).toEqual([
        'album.create',
        'photo.upload',
        'album.update',
      ]);
      expect(await db.outbox.count()).toBe(0);
      expect(first.getSnapshot().items).toEqual([]);
      expect(second.getSnapshot().items).toEqual([]);
    });

    it('sends a change queued in the other tab in its place, without being woken', async () => {
      online = false;
      const lock = sharedLock();
      const first = tab(lock);
      const second = tab(lock);
      await first.start();
      await second.start();
      await first.submit(rename('First'));
      await second.submit(rename('Second'));
      await Promise.all([first.flush(), second.flush()]);

      // Back online, the first tab queues one more: it learns of the other tab's change first.
      online = true;
      await first.submit(rename('Third'));
      await first.flush();
      expect(transport.calls.map((call) => call.payload)).toEqual([
        { name: 'First' },
        { name: 'Second' },
        { name: 'Third' },
      ]);
      await second.flush();
      expect(transport.calls).toHaveLength(3);
    });

    it('never sends a change the other tab discarded, nor one it already sent', async () => {
      online = false;
      const lock = sharedLock();
      const first = tab(lock);
      const second = tab(lock);
      await first.submit(rename('Discarded'));
      await first.submit(rename('Kept', 'a2'));
      await first.flush();
      await second.start();
      const [discarded] = second.getSnapshot().items;
      await second.discard(discarded!.id);

      online = true;
      await first.flush();
      expect(transport.calls.map((call) => call.payload)).toEqual([{ name: 'Kept' }]);
      await second.flush();
      expect(transport.calls).toHaveLength(1);
      expect(second.getSnapshot().items).toEqual([]);
    });
  });
});
