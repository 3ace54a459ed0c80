/**
 * replay_500_edits_ms: the admin outbox's real code (SyncEngine, the Dexie outbox store,
 * the change registry) runs in Node over fake-indexeddb against the local stack. While
 * "offline", 500 edits are queued (collection renames, client link and service changes, as
 * the admin screens queue them); then the network comes back and the time until the outbox
 * is empty is measured.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createAlbum } from '../../src/lib/backend/albums';
import type { Scenario } from '../support/context';
import { round } from '../support/metrics';
import { allowViteImports } from '../support/vite-imports';

export const replay: Scenario = {
  name: 'replay',
  async run(bench) {
    allowViteImports();
    const { AdminDatabase, dexieOutboxStore } = await import('../../src/offline/outbox/db');
    const { SyncEngine } = await import('../../src/offline/outbox/sync-engine');
    const { changes, sendChange } = await import('../../src/offline/outbox/registry');

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

    let online = false;
    const db = new AdminDatabase(`bench-outbox-${randomUUID()}`);
    const context = { backend: bench.admin, db };
    const engine = new SyncEngine({
      store: dexieOutboxStore(db),
      send: (item) => sendChange(item, context),
      isOnline: () => online,
    });
    const count = bench.quick ? 100 : 500;
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
    const queued = await db.outbox.count();
    const started = performance.now();
    online = true;
    await engine.wake();
    await engine.flush();
    while ((await db.outbox.count()) > 0) await new Promise((done) => setTimeout(done, 20));
    const ms = performance.now() - started;
    const failed = engine.getSnapshot().items.filter((item) => item.status === 'failed').length;
    db.close();
    bench.record('replay_500_edits_ms', {
      value: round(ms, 0),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `${queued} queued edits sent in order (${round(ms / queued)} ms each)${failed ? `; ${failed} FAILED` : ''}`,
    });
  },
};
