/**
 * The admin outbox's real code (SyncEngine, the Dexie outbox store, the change registry) runs in
 * Node over fake-indexeddb against the local stack:
 *
 * - replay_500_edits_ms, replay_2000_edits_ms: while "offline", 500 (2,000) edits are queued
 *   (collection renames, client link and service changes, as the admin screens queue them);
 *   then the network comes back and the time until the outbox is empty is measured;
 * - replay_2000_vs_500: the two replays' ratio. Each change costs the same however long the
 *   queue is when the ratio stays near 4 (the queue is not read again after every send);
 * - queue_1000_vs_10_per_photo: the time to queue a photo upload (the change and its original in
 *   one transaction, as Add Photos does, while offline) when 1,000 are queued one after another,
 *   ÷ the same when 10 are (the median of several batches of 10, each into an empty outbox).
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createAlbum } from '../../src/lib/backend/albums';
import type { Bench, Scenario } from '../support/context';
import { median, round } from '../support/metrics';
import { allowViteImports } from '../support/vite-imports';

async function outboxModules() {
  allowViteImports();
  const { AdminDatabase } = await import('../../src/offline/outbox/db');
  const { dexieOutboxStore } = await import('../../src/offline/outbox/outbox-store');
  const { SyncEngine } = await import('../../src/offline/outbox/sync-engine');
  const { changes, sendChange } = await import('../../src/offline/outbox/registry');
  const { photoUpload } = await import('../../src/offline/outbox/upload-pipeline');
  return { AdminDatabase, dexieOutboxStore, SyncEngine, changes, sendChange, photoUpload };
}
type Modules = Awaited<ReturnType<typeof outboxModules>>;

/** What the edits change: collections, client links and services that exist on the server. */
interface Targets {
  albums: string[];
  links: string[];
  services: string[];
}

/** Queues `count` edits while offline, then measures the time until the outbox has sent them all. */
async function replayEdits(bench: Bench, modules: Modules, targets: Targets, count: number) {
  const { AdminDatabase, dexieOutboxStore, SyncEngine, changes, sendChange } = modules;
  const { albums, links, services } = targets;
  let online = false;
  const db = new AdminDatabase(`bench-outbox-${randomUUID()}`);
  const context = { backend: bench.admin, db };
  const engine = new SyncEngine({
    store: dexieOutboxStore(db),
    send: (item) => sendChange(item, context),
    isOnline: () => online,
  });
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    if (kind < 3 || links.length === 0 || services.length === 0) {
      const id = albums[i % albums.length]!;
      await engine.submit(
        changes.updateAlbum({
          id,
          name: `Replay ${i % albums.length} (edit ${i})`,
          description: `Edited offline, change ${i}`,
          isPublic: false,
        }),
      );
    } else if (kind === 3) {
      await engine.submit(
        changes.updateLink({
          id: links[i % links.length]!,
          albumName: 'Album',
          changes: { allow_downloads: i % 2 === 0 },
        }),
      );
    } else {
      await engine.submit(
        changes.updateService({
          id: services[i % services.length]!,
          name: 'Service',
          changes: { price_range: `$${1000 + i}` },
        }),
      );
    }
  }
  await engine.flush();
  const queued = await db.outbox.count();
  const started = performance.now();
  online = true;
  await engine.wake();
  await engine.flush();
  while ((await db.outbox.count()) > 0) await new Promise((done) => setTimeout(done, 20));
  const ms = performance.now() - started;
  const failed = engine.getSnapshot().items.filter((item) => item.status === 'failed').length;
  db.close();
  await db.delete();
  return { ms, queued, failed };
}

/** Queues `count` photo uploads while offline (each change with its original); ms per photo. */
async function queuePhotos(modules: Modules, albumId: string, count: number): Promise<number> {
  const { AdminDatabase, dexieOutboxStore, SyncEngine, changes, photoUpload } = modules;
  const db = new AdminDatabase(`bench-queue-${randomUUID()}`);
  const engine = new SyncEngine({
    store: dexieOutboxStore(db),
    send: () => Promise.reject(new Error('The bench queues only')),
    isOnline: () => false,
  });
  // A stand-in for the original: the queue's own cost is measured, not the copying of 20 MB.
  const bytes = new Uint8Array(16 * 1024);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const file = new File([bytes], `IMG_${String(i).padStart(4, '0')}.jpg`, {
      type: 'image/jpeg',
    });
    const { payload, blobs } = photoUpload(albumId, file);
    await engine.enqueue(changes.uploadPhoto(payload), blobs);
  }
  // What queuing set off (the engine looking for something to send) is part of the cost.
  await engine.flush();
  const ms = performance.now() - started;
  const queued = await db.outbox.count();
  db.close();
  await db.delete();
  if (queued !== count) throw new Error(`${queued} of ${count} photos were queued`);
  return ms / count;
}

export const replay: Scenario = {
  name: 'replay',
  async run(bench) {
    const modules = await outboxModules();
    const albums: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = randomUUID();
      await createAlbum(bench.admin, id, { name: `Replay ${i}`, description: null });
      albums.push(id);
    }
    const links = (
      await bench.sql<{ id: string }>(
        'select id from public.gallery_links order by created_at limit 10',
      )
    ).map((row) => row.id);
    const services = (
      await bench.sql<{ id: string }>(
        'select id from public.service_packages order by sort_order limit 5',
      )
    ).map((row) => row.id);
    const targets = { albums, links, services };

    // A short run first, so neither measured one pays for the first connections and compiling.
    await replayEdits(bench, modules, targets, 50);
    const [small, large] = bench.quick ? [100, 400] : [500, 2000];
    const runs = [];
    for (const count of [small, large]) {
      const run = await replayEdits(bench, modules, targets, count);
      const failed = run.failed ? `; ${run.failed} FAILED` : '';
      bench.record(`replay_${count}_edits_ms`, {
        value: round(run.ms, 0),
        unit: 'ms',
        target: null,
        better: 'lower',
        note: `${run.queued} queued edits sent in order (${round(run.ms / run.queued)} ms each)${failed}`,
      });
      runs.push(run);
    }
    const [smallRun, largeRun] = runs as [(typeof runs)[0], (typeof runs)[0]];
    bench.record(`replay_${large}_vs_${small}`, {
      value: round(largeRun.ms / smallRun.ms, 2),
      unit: '×',
      target: 4.4,
      better: 'lower',
      note: `${large / small}× the edits; ${round(largeRun.ms / largeRun.queued)} ms each against ${round(smallRun.ms / smallRun.queued)} ms each`,
    });

    const [few, many] = bench.quick ? [10, 100] : [10, 1000];
    await queuePhotos(modules, albums[0]!, few);
    const fewRuns: number[] = [];
    for (let run = 0; run < 7; run++) fewRuns.push(await queuePhotos(modules, albums[0]!, few));
    const fewEach = median(fewRuns);
    const manyEach = await queuePhotos(modules, albums[0]!, many);
    bench.record(`queue_${many}_vs_${few}_per_photo`, {
      value: round(manyEach / fewEach, 2),
      unit: '×',
      target: 1.5,
      better: 'lower',
      note: `${round(manyEach, 2)} ms per photo queuing ${many} (with a 16 KB original each), ${round(fewEach, 2)} ms queuing ${few} (median of 7 batches)`,
    });
  },
};
