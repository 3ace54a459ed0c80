/**
 * The admin outbox's real code (SyncEngine, the Dexie outbox store, the change registry) runs in
 * Node over fake-indexeddb against the local stack:
 *
 * - replay_500_edits_ms, replay_2000_edits_ms: while "offline", 500 (2,000) edits are queued
 *   (collection renames, client link and service changes, as the admin screens queue them);
 *   then the network comes back and the time until the outbox is empty is measured;
 * - replay_2000_vs_500: the two replays' ratio (the 500 replayed before and after the 2,000, and
 *   their mean taken). Each change costs the same however long the queue is when the ratio
 *   stays near 4 (the queue is not read again after every send). The note has the same ratio of
 *   this process's CPU time, which load from other processes disturbs less;
 * - queue_1000_vs_10_per_photo: the cost of queuing a photo upload (the change and its original
 *   in one transaction, as Add Photos does, while offline) when 1,000 are queued one after
 *   another, ÷ the same when 10 are (each 10 into an empty outbox, as many photos again after
 *   each tenth of the 1,000; three rounds). The cost is this process's CPU time: queuing runs in
 *   it alone (fake-indexeddb included), and CPU time is what other processes on a shared machine
 *   disturb least; the wall-clock times are in the note.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createAlbum } from '../../src/lib/backend/albums';
import type { Bench, Scenario } from '../support/context';
import { round } from '../support/metrics';
import { allowViteImports } from '../support/vite-imports';

async function outboxModules() {
  allowViteImports();
  const { AdminDatabase } = await import('../../src/offline/outbox/db');
  const { dexieOutboxStore } = await import('../../src/offline/outbox/outbox-store');
  const { SyncEngine } = await import('../../src/offline/outbox/sync-engine');
  const { newChange, sendChange } = await import('../../src/offline/outbox/registry');
  const { photoUpload } = await import('../../src/offline/outbox/upload-pipeline');
  return { AdminDatabase, dexieOutboxStore, SyncEngine, newChange, sendChange, photoUpload };
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
  const { AdminDatabase, dexieOutboxStore, SyncEngine, newChange, sendChange } = modules;
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
        newChange('album.update', {
          id,
          name: `Replay ${i % albums.length} (edit ${i})`,
          description: `Edited offline, change ${i}`,
          isPublic: false,
        }),
      );
    } else if (kind === 3) {
      await engine.submit(
        newChange('link.update', {
          id: links[i % links.length]!,
          albumName: 'Album',
          changes: { allow_downloads: i % 2 === 0 },
        }),
      );
    } else {
      await engine.submit(
        newChange('service.update', {
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
  const cpuBefore = process.cpuUsage();
  online = true;
  await engine.wake();
  await engine.flush();
  while ((await db.outbox.count()) > 0) await new Promise((done) => setTimeout(done, 20));
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const failed = engine.getSnapshot().items.filter((item) => item.status === 'failed').length;
  db.close();
  await db.delete();
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, queued, failed };
}

/** An outbox of its own, offline, open and read, to queue photos into. */
async function offlineOutbox(modules: Modules) {
  const { AdminDatabase, dexieOutboxStore, SyncEngine } = modules;
  const db = new AdminDatabase(`bench-queue-${randomUUID()}`);
  const engine = new SyncEngine({
    store: dexieOutboxStore(db),
    send: () => Promise.reject(new Error('The bench queues only')),
    isOnline: () => false,
  });
  // Opening the database and the engine's first read are not queuing: neither is measured.
  await db.open();
  await engine.start();
  return {
    engine,
    async close(expected: number) {
      const queued = await db.outbox.count();
      db.close();
      await db.delete();
      if (queued !== expected) throw new Error(`${queued} of ${expected} photos were queued`);
    },
  };
}

/** What queuing took: this process's CPU time and the wall-clock time (ms). */
interface QueueCost {
  cpu: number;
  wall: number;
}

/**
 * Queues `count` photo uploads into the outbox, as Add Photos does while offline: each change
 * with its original, in one transaction.
 */
async function queuePhotos(
  modules: Modules,
  { engine }: Awaited<ReturnType<typeof offlineOutbox>>,
  albumId: string,
  count: number,
): Promise<QueueCost> {
  const { newChange, photoUpload } = modules;
  // A stand-in for the original: the queue's own cost is measured, not the copying of 20 MB.
  const bytes = new Uint8Array(16 * 1024);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const file = new File([bytes], `IMG_${String(i).padStart(4, '0')}.jpg`, {
      type: 'image/jpeg',
    });
    const { payload, blobs } = photoUpload(albumId, file);
    await engine.enqueue(newChange('photo.upload', payload), blobs);
  }
  // What queuing set off (the engine looking for something to send) is part of the cost.
  await engine.flush();
  const cpu = process.cpuUsage(cpuBefore);
  return { cpu: (cpu.user + cpu.system) / 1000, wall: performance.now() - started };
}

/**
 * Per photo: queuing `many` into one outbox, in tenths, and, after each tenth, as many photos
 * again in batches of `few`, each into an empty outbox of its own; `rounds` times. So both
 * sides queue the same number of photos one after another (and pay alike for the garbage they
 * make), and load on the machine hits both alike.
 */
async function queueCosts(
  modules: Modules,
  albumId: string,
  { few, many, rounds }: { few: number; many: number; rounds: number },
) {
  const tenth = many / 10;
  const total = (costs: QueueCost[]) => ({
    cpu: costs.reduce((sum, cost) => sum + cost.cpu, 0),
    wall: costs.reduce((sum, cost) => sum + cost.wall, 0),
  });
  const perPhoto = ({ cpu, wall }: QueueCost, count: number) => ({
    cpu: cpu / count,
    wall: wall / count,
  });
  /** A tenth's worth of photos, `few` into each of as many empty outboxes. */
  const inBatches = async () => {
    const outboxes = [];
    for (let batch = 0; batch < tenth / few; batch++) outboxes.push(await offlineOutbox(modules));
    const costs: QueueCost[] = [];
    for (const outbox of outboxes) costs.push(await queuePhotos(modules, outbox, albumId, few));
    for (const outbox of outboxes) await outbox.close(few);
    return perPhoto(total(costs), tenth);
  };
  // Compiling and first transactions, paid by neither.
  const warmUp = await offlineOutbox(modules);
  await queuePhotos(modules, warmUp, albumId, tenth);
  await warmUp.close(tenth);
  await inBatches();

  const tenths: QueueCost[][] = Array.from({ length: 10 }, () => []);
  const batches: QueueCost[] = [];
  for (let round = 0; round < rounds; round++) {
    const large = await offlineOutbox(modules);
    for (let index = 0; index < 10; index++) {
      tenths[index]!.push(perPhoto(await queuePhotos(modules, large, albumId, tenth), tenth));
      batches.push(await inBatches());
    }
    await large.close(many);
  }
  // Every tenth and every set of batches is as many photos: the mean per photo is the total's.
  const mean = (costs: QueueCost[]) => perPhoto(total(costs), costs.length);
  return {
    many: mean(tenths.flat()),
    few: mean(batches),
    firstTenth: mean(tenths[0]!),
    lastTenth: mean(tenths[9]!),
  };
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
    // The small replay before and after the large one (their mean), so a burst of load on the
    // machine is less likely to hit one size only.
    const before = await replayEdits(bench, modules, targets, small);
    const largeRun = await replayEdits(bench, modules, targets, large);
    const after = await replayEdits(bench, modules, targets, small);
    const smallRun = {
      ms: (before.ms + after.ms) / 2,
      cpuMs: (before.cpuMs + after.cpuMs) / 2,
      queued: before.queued,
      failed: before.failed + after.failed,
    };
    for (const [count, run] of [
      [small, smallRun],
      [large, largeRun],
    ] as const) {
      const failed = run.failed ? `; ${run.failed} FAILED` : '';
      bench.record(`replay_${count}_edits_ms`, {
        value: round(run.ms, 0),
        unit: 'ms',
        target: null,
        better: 'lower',
        note: `${run.queued} queued edits sent in order (${round(run.ms / run.queued)} ms each; this process's CPU ${round(run.cpuMs / run.queued, 2)} ms each)${failed}`,
      });
    }
    bench.record(`replay_${large}_vs_${small}`, {
      value: round(largeRun.ms / smallRun.ms, 2),
      unit: '×',
      target: 4.4,
      better: 'lower',
      note: `${large / small}× the edits; ${round(largeRun.ms / largeRun.queued)} ms each against ${round(smallRun.ms / smallRun.queued)} ms each (${small}: ${round(before.ms, 0)} and ${round(after.ms, 0)} ms); this process's CPU ${round(largeRun.cpuMs / smallRun.cpuMs, 2)}×`,
    });

    const [few, many] = bench.quick ? [10, 100] : [10, 1000];
    const rounds = bench.quick ? 1 : 3;
    const costs = await queueCosts(modules, albums[0]!, { few, many, rounds });
    const ms = (value: number) => `${round(value, 2)} ms`;
    bench.record(`queue_${many}_vs_${few}_per_photo`, {
      value: round(costs.many.cpu / costs.few.cpu, 2),
      unit: '×',
      target: 1.5,
      better: 'lower',
      note:
        `CPU per photo: ${ms(costs.many.cpu)} queuing ${many} (with a 16 KB original each; first tenth ${ms(costs.firstTenth.cpu)}, last ${ms(costs.lastTenth.cpu)}), ` +
        `${ms(costs.few.cpu)} queuing ${few} (each ${few} into an empty outbox, as many photos between the tenths of the ${many}); ${rounds} rounds; ` +
        `wall clock: ${ms(costs.many.wall)} against ${ms(costs.few.wall)}`,
    });
  },
};
