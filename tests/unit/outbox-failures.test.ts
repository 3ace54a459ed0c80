import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/lib/auth/session-store';
import { createBackend, requestTimeoutMs } from '@/lib/backend/client';
import { newChange } from '@/offline/outbox/registry';
import { AdminDatabase } from '@/offline/outbox/db';
import {
  answerOutboxWakes,
  OUTBOX_SYNC_TAG,
  wakeOutboxes,
  type WakeableClient,
} from '@/offline/outbox/outbox-wake';
import { startOutbox, type Outbox } from '@/offline/outbox/start-outbox';
import { ensureRoomFor, StorageShortError, uploadFootprint } from '@/lib/storage-space';
import { loadUploadBatch, saveUploadBatch } from '@/offline/outbox/upload-batches';

/**
 * The outbox rules that need the real backend client in the loop: a request that hangs, and
 * a session that ended while the photographer was offline. The transport is a scripted fetch
 * under the real supabase-js; the clock is vitest's.
 */

const config = { supabaseUrl: 'http://backend.test', supabaseAnonKey: 'anon-key' };

interface SeenRequest {
  path: string;
  token: string | null;
  body: unknown;
}

/** A fetch whose answers the test scripts, one per request: 'hang' never answers (until aborted). */
function scriptedFetch(...answers: Array<'hang' | { status: number; body: unknown }>) {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    seen.push({
      path: url.pathname,
      token: new Headers(init?.headers).get('x-admin-token'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    });
    const answer = answers.shift() ?? { status: 200, body: null };
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new Error('aborted', { cause: init.signal?.reason })),
        ),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return { fetch, seen };
}

/** Lets IndexedDB and promises run (they are not on the faked timers) until `done`. */
async function until(done: () => boolean) {
  for (let turn = 0; !done(); turn += 1) {
    if (turn > 1_000) throw new Error('gave up waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let outbox: Outbox | undefined;
let db: AdminDatabase;

beforeEach(() => {
  db = new AdminDatabase(`outbox-failures-${crypto.randomUUID()}`);
});

afterEach(async () => {
  await outbox?.engine.flush();
  outbox = undefined;
  vi.useRealTimers();
  db.close();
  await db.delete();
});

function start(
  fetch: typeof globalThis.fetch,
  session = { username: 'anna', token: 'first-token' },
) {
  const sessionStore = createSessionStore(localStorage);
  sessionStore.set(session);
  const backend = createBackend(config, { credentials: sessionStore.get, fetch });
  outbox = startOutbox({ backend, sessionStore, onSynced: async () => undefined, db });
  return { sessionStore, engine: outbox.engine };
}

const album = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Smith Wedding',
  description: 'Garden ceremony',
  isPublic: false,
};

describe('a request that never answers', () => {
  it('times out as a network failure and is sent again after the back-off', async () => {
    // Timers only: IndexedDB (fake-indexeddb) schedules its own work with setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { fetch, seen } = scriptedFetch('hang', { status: 200, body: album.id });
    const { engine } = start(fetch);

    const outcome = engine.submit(newChange('album.create', album));
    await until(() => seen.length === 1);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs(JSON.stringify({})) + 10);
    expect(await outcome).toBe('queued');
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting).toMatchObject({
      failure: {
        kind: 'network',
        status: 0,
        message: expect.stringMatching(/Could not reach the server/),
      },
    });

    await vi.advanceTimersByTimeAsync(1_000);
    await engine.flush();
    expect(seen.map((request) => request.path)).toEqual([
      '/rest/v1/rpc/admin_create_album',
      '/rest/v1/rpc/admin_create_album',
    ]);
    // The same browser-made id both times: a create that did arrive is not made twice.
    expect(seen.map((request) => (request.body as { p_id: string }).p_id)).toEqual([
      album.id,
      album.id,
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('gives uploads time for their bytes: 30 s plus a second per 64 KB', () => {
    expect(requestTimeoutMs(undefined)).toBe(30_000);
    const original = new Blob([new Uint8Array(5 * 1024 * 1024)]);
    expect(requestTimeoutMs(original)).toBe(30_000 + 82_000);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', original);
    expect(requestTimeoutMs(form)).toBe(30_000 + 82_000);
  });
});

describe('a session that ended while offline', () => {
  it('asks to sign in again, then sends the same change with the new session, losing nothing', async () => {
    const expired = {
      status: 401,
      body: { code: 'PT401', message: 'Not authenticated', details: null, hint: null },
    };
    const { fetch, seen } = scriptedFetch(expired, { status: 200, body: album.id });
    const { sessionStore, engine } = start(fetch);
    const signedOut = vi.fn();
    sessionStore.subscribe(() => {
      if (!sessionStore.get()) signedOut();
    });

    await expect(engine.submit(newChange('album.create', album))).rejects.toThrow(
      'Not authenticated',
    );
    // The app shows the sign-in screen (no session); the change waits on this device.
    expect(signedOut).toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({
      kind: 'album.create',
      status: 'failed',
      failure: { kind: 'auth', message: 'Not authenticated' },
      payload: album,
    });

    sessionStore.set({ username: 'anna', token: 'second-token' });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(seen.map((request) => request.token)).toEqual(['first-token', 'second-token']);
    expect(seen[1]!.body).toMatchObject({
      p_id: album.id,
      p_name: 'Smith Wedding',
      p_description: 'Garden ceremony',
    });
  });

  it('keeps changes waiting, not failed, while nobody is signed in', async () => {
    const { fetch, seen } = scriptedFetch();
    const { sessionStore, engine } = start(fetch);
    sessionStore.clear();
    expect(await engine.submit(newChange('album.create', album))).toBe('queued');
    expect(seen).toEqual([]);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('Background Sync hand-off', () => {
  /** A window the worker can message: it answers with how much still waits (or never). */
  const windowAnswering = (waiting: number | 'never'): WakeableClient => ({
    postMessage: (message, [port]) => {
      expect(message).toEqual({ type: 'wake-outbox' });
      if (waiting !== 'never') (port as MessagePort).postMessage({ waiting });
    },
  });

  it('uses its own tag', () => {
    expect(OUTBOX_SYNC_TAG).toBe('photographer-outbox');
  });

  it('is done when a page sent everything, or when no page is open to send', async () => {
    await expect(wakeOutboxes([windowAnswering(0)])).resolves.toBeUndefined();
    await expect(wakeOutboxes([])).resolves.toBeUndefined();
    // Two tabs: the one holding the lock sends; the other finds nothing left.
    await expect(wakeOutboxes([windowAnswering(0), windowAnswering(0)])).resolves.toBeUndefined();
  });

  it('fails the sync event while changes still wait, so the browser tries again later', async () => {
    await expect(wakeOutboxes([windowAnswering(3)])).rejects.toThrow(
      '3 change(s) still waiting for the network',
    );
  });

  it('does not hold the sync event forever for a page that never answers', async () => {
    await expect(wakeOutboxes([windowAnswering('never')], 50)).resolves.toBeUndefined();
  });

  it("the page sends on the worker's call and answers how much still waits", async () => {
    const container = new EventTarget();
    const sendNow = vi.fn(async () => 2);
    answerOutboxWakes(container, sendNow);
    const channel = new MessageChannel();
    const answer = new Promise(
      (resolve) => (channel.port1.onmessage = (event) => resolve(event.data)),
    );
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'wake-outbox' }, ports: [channel.port2] }),
    );
    expect(await answer).toEqual({ waiting: 2 });
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    expect(sendNow).toHaveBeenCalledTimes(1);
    channel.port1.close();
  });
});

describe('room for queued uploads', () => {
  /** jsdom has no StorageManager: give navigator the one the browser would. */
  const storage = (manager: Pick<StorageManager, 'estimate'> | undefined) =>
    Object.defineProperty(navigator, 'storage', { configurable: true, value: manager });
  const estimate = (quota: number, usage: number) =>
    storage({ estimate: async () => ({ quota, usage }) });

  afterEach(() => storage(undefined));

  it('counts each file with its renditions', () => {
    expect(uploadFootprint([{ size: 5_000_000 }, { size: 3_000_000 }])).toBe(
      8_000_000 + 2 * 1024 * 1024,
    );
  });

  it('refuses before taking files that will not fit, saying how much is needed and free', async () => {
    estimate(100 * 1024 * 1024, 90 * 1024 * 1024);
    const error = await ensureRoomFor(uploadFootprint([{ size: 8 * 1024 * 1024 }])).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageShortError);
    // Asked for: the photos, their renditions and 20 MB the app keeps free beside them.
    expect(error).toMatchObject({ neededBytes: 29 * 1024 * 1024, freeBytes: 10 * 1024 * 1024 });
  });

  it('accepts files that fit with room to spare, and trusts the browser when it cannot estimate', async () => {
    estimate(1024 * 1024 * 1024, 0);
    await expect(ensureRoomFor(50 * 1024 * 1024)).resolves.toBeUndefined();
    storage(undefined);
    await expect(ensureRoomFor(50 * 1024 * 1024)).resolves.toBeUndefined();
  });
});

describe('upload progress across a reload', () => {
  it('keeps the batch of an album in IndexedDB until it is cleared', async () => {
    const entries = [
      { photoId: 'p1', originalFilename: 'IMG_0001.jpg', fileSize: 4_100_000 },
      { photoId: 'p2', originalFilename: 'IMG_0002.jpg', fileSize: 3_900_000 },
    ];
    await saveUploadBatch(db, 'album-1', entries);
    expect(await loadUploadBatch(db, 'album-1')).toEqual(entries);
    expect(await loadUploadBatch(db, 'album-2')).toEqual([]);
    await saveUploadBatch(db, 'album-1', []);
    expect(await loadUploadBatch(db, 'album-1')).toEqual([]);
  });
});
