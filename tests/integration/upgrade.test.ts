import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationFiles } from '../../supabase/local/database';
import type { RunningStack } from '../../supabase/local/stack';
import { addPhoto, adminApi, ownStacks, pickFavourites, sha256 } from '../support/own-stack';
import { photoFixture } from './helpers';

/**
 * A newer version started on a data directory an older one made applies the pending migrations
 * and keeps every row and every photo. Each case builds the older data directory from the
 * migrations of that release (the same files, applied only up to its last one), fills it
 * through the API that release had, stops, starts the current version on it, and compares.
 */

// Data directories of older releases were bootstrapped with the default grants of older hosted
// projects (supabase/local/bootstrap.sql before 20261125000800), so they start with them too.

/**
 * The first release: the schema of 2026-11-22, the foundation and the two fixes of that day
 * (migrations 0700 and 0800; the storage service this test fills it through needs 0700's check).
 */
const FIRST_RELEASE = '20261122000800';
const version = (file: string) => file.slice(0, 14);
const files = migrationFiles();
/** The release before the latest migration. */
const PREVIOUS_RELEASE = version(files.at(-2)!);

const own = ownStacks();
afterEach(own.cleanup);

/** Every row of every table in schema public, and every stored object with its bytes' hash. */
async function everything(stack: RunningStack) {
  const db = new pg.Client(stack.database);
  await db.connect();
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    const rows: Record<string, Array<Record<string, unknown>>> = {};
    const keys: Record<string, string[]> = {};
    for (const { name } of tables) {
      keys[name] = (
        await db.query<{ column: string }>(
          `select a.attname as column from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = $1::regclass and i.indisprimary order by a.attnum`,
          [`public.${pg.escapeIdentifier(name)}`],
        )
      ).rows.map((row) => row.column);
      rows[name] = (
        await db.query(`select to_jsonb(t) as row from public.${pg.escapeIdentifier(name)} t`)
      ).rows
        .map((row: { row: Record<string, unknown> }) => row.row)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    const { rows: objects } = await db.query<{ bucket_id: string; name: string; mimetype: string }>(
      `select bucket_id, name, metadata ->> 'mimetype' as mimetype from storage.objects order by bucket_id, name`,
    );
    return { rows, keys, objects };
  } finally {
    await db.end();
  }
}

/** The old snapshot's rows are all there, with the same values, apart from what `changed` allows. */
function expectKept(
  before: Awaited<ReturnType<typeof everything>>,
  after: Awaited<ReturnType<typeof everything>>,
  changed: (table: string, column: string, old: unknown, now: unknown) => boolean = () => false,
) {
  for (const [table, oldRows] of Object.entries(before.rows)) {
    const newRows = after.rows[table] ?? [];
    const key = before.keys[table]!;
    expect(key.length, `${table} has a primary key`).toBeGreaterThan(0);
    const keyOf = (row: Record<string, unknown>) =>
      JSON.stringify(key.map((column) => row[column]));
    expect(newRows.length, `rows of ${table}`).toBe(oldRows.length);
    for (const old of oldRows) {
      const now = newRows.find((row) => keyOf(row) === keyOf(old));
      expect(now, `${table} row ${keyOf(old)}`).toBeDefined();
      for (const [column, value] of Object.entries(old)) {
        if (JSON.stringify(now![column]) === JSON.stringify(value)) continue;
        expect(
          changed(table, column, value, now![column]),
          `${table}.${column} of ${keyOf(old)}: ${String(value)} → ${String(now![column])}`,
        ).toBe(true);
      }
    }
  }
}

describe('upgrades keep everything', () => {
  it(
    `a data directory of the first release (migrations through ${FIRST_RELEASE}): rows, photos, galleries and links`,
    { timeout: 120_000 },
    async () => {
      const dataDir = own.folder('upgrade-first-');
      const old = await own.start(dataDir, {
        migrationsThrough: FIRST_RELEASE,
        olderProjectDefaults: true,
      });
      expect(old.migrationsApplied.map(version)).toEqual(
        files.map(version).filter((v) => v <= FIRST_RELEASE),
      );

      // The photographer's work, through the first release's API: two collections, photos with
      // their originals and renditions in bucket photos (that release's layout), a curated
      // gallery, a client link with a passcode.
      const first = await adminApi(old, own.adminPassword);
      const albums = [randomUUID(), randomUUID()];
      await first.rpc('admin_create_album', {
        p_id: albums[0],
        p_name: 'Wedding Anna & Ben',
        p_description: 'June',
        p_is_public: false,
      });
      await first.rpc('admin_create_album', {
        p_id: albums[1],
        p_name: 'Portfolio',
        p_description: null,
        p_is_public: true,
      });
      const photos: Array<{ id: string; album: string; original: Buffer; thumb: Buffer }> = [];
      const fixtures = ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'] as const;
      for (const [index, album] of [albums[0], albums[0], albums[1]].entries()) {
        const id = randomUUID();
        const original = photoFixture(fixtures[index]!);
        const thumb = photoFixture(fixtures[(index + 1) % 3]!);
        await first.upload('photos', `${album}/${id}.jpg`, original, 'image/jpeg');
        await first.upload('photos', `${album}/${id}.thumb.jpg`, thumb, 'image/jpeg');
        const at = (name: string) => `/storage/v1/object/public/photos/${album}/${name}`;
        await first.rpc('admin_add_photo', {
          p_id: id,
          p_album_id: album,
          p_filename: `${id}.jpg`,
          p_original_filename: `DSC_000${index}.jpg`,
          p_file_url: at(`${id}.jpg`),
          p_thumb_url: at(`${id}.thumb.jpg`),
          p_preview_url: at(`${id}.thumb.jpg`),
          p_file_size: original.length,
          p_width: 1200,
          p_height: 800,
          p_mime_type: 'image/jpeg',
        });
        photos.push({ id, album: album!, original, thumb });
      }
      const gallery = randomUUID();
      await first.rpc('admin_create_public_gallery', {
        p_id: gallery,
        p_title: 'Best of',
        p_description: 'Mine',
        p_is_active: true,
      });
      await first.rpc('admin_add_photos_to_gallery', {
        p_gallery_id: gallery,
        p_photo_ids: [photos[2]!.id, photos[0]!.id],
      });
      const token = randomBytes(24).toString('base64url');
      await first.insert('gallery_links', {
        album_id: albums[0],
        access_token: token,
        passcode: '1234',
        allow_downloads: true,
      });
      const before = await everything(old);
      expect(before.rows.photos).toHaveLength(3);
      expect(before.objects).toHaveLength(6);
      await own.stop(old);

      // The current version on the same directory.
      const now = await own.start(dataDir);
      expect(now.migrationsApplied.map(version)).toEqual(
        files.map(version).filter((v) => v > FIRST_RELEASE),
      );
      const after = await everything(now);
      const originalsPath = (album: string, file: string) =>
        `/storage/v1/object/authenticated/originals/${album}/${file}`;
      expectKept(before, after, (table, column, old, value) => {
        // Originals moved into the private bucket (migration 20261124000200): same object name.
        if (table === 'photos' && column === 'file_url')
          return (
            typeof old === 'string' &&
            value === old.replace('/object/public/photos/', '/object/authenticated/originals/')
          );
        return false;
      });
      // Every photo's original and rendition, byte for byte, where the current app reads them.
      const current = await adminApi(now, own.adminPassword);
      for (const photo of photos) {
        const original = await current.get(originalsPath(photo.album, `${photo.id}.jpg`), 'admin');
        expect(original.status).toBe(200);
        expect(sha256(original.bytes)).toBe(sha256(photo.original));
        const thumb = await current.get(
          `/storage/v1/object/public/photos/${photo.album}/${photo.id}.thumb.jpg`,
        );
        expect(thumb.status).toBe(200);
        expect(sha256(thumb.bytes)).toBe(sha256(photo.thumb));
      }
      expect(after.objects.map((object) => `${object.bucket_id}/${object.name}`).sort()).toEqual(
        photos
          .flatMap((photo) => [
            `originals/${photo.album}/${photo.id}.jpg`,
            `photos/${photo.album}/${photo.id}.thumb.jpg`,
          ])
          .sort(),
      );
      // What visitors and clients see still works: the gallery in its order, the link with its passcode.
      const shown = (await current.anonRpc('get_album_photos_by_token', {
        p_access_token: token,
        p_passcode: '1234',
      })) as Array<{
        id: string;
      }>;
      expect(shown.map((photo) => photo.id).sort()).toEqual([photos[0]!.id, photos[1]!.id].sort());
      const galleryPhotos = await current.get(
        `/rest/v1/public_gallery_photos?select=photo_id&public_gallery_id=eq.${gallery}&order=sort_order`,
      );
      expect(
        (JSON.parse(galleryPhotos.bytes.toString()) as Array<{ photo_id: string }>).map(
          (row) => row.photo_id,
        ),
      ).toEqual([photos[2]!.id, photos[0]!.id]);

      // The first release made no cover renditions: both collections' covers are listed for the
      // admin app to make in the background (docs/offline.md, "Cover renditions"), and the
      // link's cover is its preview until then. Once one is stored and recorded, the link's
      // cover is that rendition and the list no longer has it; no row or object changed meanwhile.
      const missing = async () =>
        ((await current.rpc('admin_list_missing_covers', {})) as Array<{ photo_id: string }>)
          .map((row) => row.photo_id)
          .sort();
      expect(await missing()).toEqual([photos[0]!.id, photos[2]!.id].sort());
      const cover = () =>
        current.anonRpc('get_album_cover_by_token', { p_access_token: token, p_passcode: '1234' });
      expect(await cover()).toBe(
        `/storage/v1/object/public/photos/${albums[0]}/${photos[0]!.id}.thumb.jpg`,
      );
      const coverName = `${albums[0]}/${photos[0]!.id}.cover.webp`;
      await current.upload('photos', coverName, photoFixture('landscape.webp'), 'image/webp');
      expect(
        await current.rpc('admin_record_cover_rendition', {
          p_photo_id: photos[0]!.id,
          p_cover_url: `/storage/v1/object/public/photos/${coverName}`,
        }),
      ).toBe(true);
      expect(await missing()).toEqual([photos[2]!.id]);
      expect(await cover()).toBe(`/storage/v1/object/public/photos/${coverName}`);
      // Its album's card on the home page offers it too (the album row keeps it: 20261201000100).
      const keptCovers = Object.fromEntries(
        (await everything(now)).rows.albums!.map((row) => [row.id, row.cover_rendition_url]),
      );
      expect(keptCovers).toEqual({
        [albums[0]!]: `/storage/v1/object/public/photos/${coverName}`,
        [albums[1]!]: null,
      });
    },
  );

  it(
    `a data directory of the previous release (migrations through ${PREVIOUS_RELEASE}): favourites too`,
    { timeout: 120_000 },
    async () => {
      const dataDir = own.folder('upgrade-previous-');
      const old = await own.start(dataDir, {
        migrationsThrough: PREVIOUS_RELEASE,
        olderProjectDefaults: true,
      });
      const previous = await adminApi(old, own.adminPassword);
      const album = randomUUID();
      await previous.rpc('admin_create_album', {
        p_id: album,
        p_name: 'Family',
        p_description: null,
        p_is_public: false,
      });
      const ids: string[] = [];
      for (const fixture of ['landscape.jpg', 'portrait.jpg'] as const)
        ids.push((await addPhoto(previous, album, fixture)).id);
      const token = randomBytes(24).toString('base64url');
      await previous.insert('gallery_links', {
        album_id: album,
        access_token: token,
        allow_favourites: true,
      });
      await pickFavourites(previous, token, 'Anna', ids);
      await pickFavourites(previous, token, 'Ben', [ids[1]!]);
      const before = await everything(old);
      expect(before.rows.link_favourites).toHaveLength(3);
      await own.stop(old);

      const now = await own.start(dataDir);
      expect(now.migrationsApplied.map(version)).toEqual(
        files.map(version).filter((v) => v > PREVIOUS_RELEASE),
      );
      const after = await everything(now);
      expectKept(before, after);
      expect(after.objects).toEqual(before.objects);
      const current = await adminApi(now, own.adminPassword);
      const favourites = await current.rpc('admin_list_link_favourites', {
        p_link_id: after.rows.gallery_links![0]!.id,
      });
      expect(JSON.stringify(favourites)).toContain('Anna');
      expect(JSON.stringify(favourites)).toContain('Ben');
    },
  );
});
