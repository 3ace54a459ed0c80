import { randomBytes, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../supabase/local/backup/backup';
import { createProgress, silentProgress } from '../../supabase/local/backup/progress';
import { restoreBackup } from '../../supabase/local/backup/restore';
import type { RunningStack } from '../../supabase/local/stack';
import { addPhoto, adminApi, ownStacks, pickFavourites, sha256 } from '../support/own-stack';

/**
 * npm run backup and npm run restore on stacks of their own: a site with albums, photos, a
 * curated gallery and a client link with favourites is backed up while it runs, restored into
 * an empty folder, started there, and found the same row for row and byte for byte.
 */

const own = ownStacks();
const { folder, start, stop } = own;
afterAll(own.cleanup);

/** Every row of every table the site owns, every sequence, and the sha256 of every object's file. */
async function everything(stack: RunningStack, dataDir: string) {
  const db = new pg.Client(stack.database);
  await db.connect();
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'private', 'storage', 'supabase_migrations') and c.relkind in ('r', 'p') order by 1`,
    );
    const rows: Record<string, string[]> = {};
    for (const { name } of tables) {
      rows[name] = (
        await db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${name} t`)
      ).rows
        .map((row) => row.row)
        .sort();
    }
    const { rows: sequences } = await db.query(
      `select schemaname, sequencename, last_value from pg_sequences where schemaname in ('public', 'private', 'storage') order by 1, 2`,
    );
    const { rows: objects } = await db.query<{ bucket_id: string; name: string; version: string }>(
      'select bucket_id, name, version from storage.objects order by bucket_id, name',
    );
    const files = objects.map((object) => ({
      key: `${object.bucket_id}/${object.name}`,
      sha256: sha256(readFileSync(join(dataDir, 'storage', object.bucket_id, object.version))),
    }));
    return { rows, sequences, files };
  } finally {
    await db.end();
  }
}

/** Where the bytes of the first entry whose name starts so begin in a tar file. */
function tarEntryOffset(archive: Buffer, prefix: string): number {
  for (let offset = 0; offset + 512 <= archive.length;) {
    const name = archive.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    const size = Number.parseInt(
      archive
        .toString('ascii', offset + 124, offset + 136)
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    if (name.startsWith(prefix)) return offset + 512;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no entry ${prefix}`);
}

/** A ustar header for a file entry (with padding to 512 bytes, the caller adds the data and its padding). */
function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000600\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('0', 156);
  header.write('ustar\u000000', 257);
  header.write('        ', 148);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

describe('backup and restore', () => {
  let siteDir: string;
  let site: RunningStack;
  let archive: string;
  let before: Awaited<ReturnType<typeof everything>>;
  const originals: Array<{ path: string; bytes: Buffer }> = [];

  beforeAll(async () => {
    siteDir = folder('backup-site-');
    site = await start(siteDir);
    const api = await adminApi(site, own.adminPassword);
    const albums = [randomUUID(), randomUUID()];
    await api.rpc('admin_create_album', {
      p_id: albums[0],
      p_name: 'Wedding Anna & Ben',
      p_description: 'June',
      p_is_public: false,
    });
    await api.rpc('admin_create_album', {
      p_id: albums[1],
      p_name: 'Portfolio',
      p_description: null,
      p_is_public: true,
    });
    const photos: string[] = [];
    for (const [index, fixture] of (
      ['landscape.jpg', 'portrait.jpg', 'rotated-exif6.jpg'] as const
    ).entries()) {
      const photo = await addPhoto(api, albums[index === 2 ? 1 : 0]!, fixture);
      photos.push(photo.id);
      originals.push({ path: photo.fileUrl, bytes: photo.bytes });
    }
    const gallery = randomUUID();
    await api.rpc('admin_create_public_gallery', {
      p_id: gallery,
      p_title: 'Best of',
      p_description: 'Mine',
      p_is_active: true,
    });
    await api.rpc('admin_add_photos_to_gallery', {
      p_gallery_id: gallery,
      p_photo_ids: [photos[2], photos[0]],
    });
    const token = randomBytes(24).toString('base64url');
    await api.insert('gallery_links', {
      album_id: albums[0],
      access_token: token,
      allow_favourites: true,
    });
    await pickFavourites(api, token, 'Anna', [photos[0]!, photos[1]!]);
    await pickFavourites(api, token, 'Ben', [photos[1]!]);

    // While the site runs.
    before = await everything(site, siteDir);
    expect(before.rows['public.link_favourites']).toHaveLength(3);
    expect(before.files).toHaveLength(6);
    archive = join(folder('backup-archive-'), 'site.tar');
    const lines: string[] = [];
    const { header } = await createBackup({
      dataDir: siteDir,
      file: archive,
      progress: createProgress({ write: (text) => lines.push(text) }),
    });
    expect(lines.join('')).toContain('Backing up the running site');
    expect(header.counts.objects).toBe(6);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  }, 120_000);

  it(
    'restores into an empty folder the same rows, objects and admin password',
    { timeout: 120_000 },
    async () => {
      const restoredDir = folder('backup-restored-');
      await restoreBackup({ file: archive, dataDir: restoredDir, progress: silentProgress() });
      expect(readdirSync(restoredDir).sort()).toEqual(['pg', 'secrets.json', 'storage']);
      expect(readFileSync(join(restoredDir, 'secrets.json'), 'utf8')).toBe(
        readFileSync(join(siteDir, 'secrets.json'), 'utf8'),
      );

      const restored = await start(restoredDir);
      expect(restored.migrationsApplied).toEqual([]);
      expect(restored.createdAdminPassword).toBeUndefined();
      const after = await everything(restored, restoredDir);
      expect(after.rows).toEqual(before.rows);
      expect(after.sequences).toEqual(before.sequences);
      expect(after.files).toEqual(before.files);

      // The same admin password signs in; the originals come back through the API, byte for byte.
      const api = await adminApi(restored, own.adminPassword);
      for (const original of originals) {
        const download = await api.get(original.path, 'admin');
        expect(download.status, original.path).toBe(200);
        expect(sha256(download.bytes)).toBe(sha256(original.bytes));
      }
      await stop(restored);
    },
  );

  it(
    'refuses a damaged or cut-short archive and leaves the folder empty',
    { timeout: 60_000 },
    async () => {
      const bytes = readFileSync(archive);
      const flipped = Buffer.from(bytes);
      const at = tarEntryOffset(flipped, 'storage/originals/') + 100;
      flipped[at] = flipped[at]! ^ 0xff;
      const damaged = join(folder('backup-damaged-'), 'damaged.tar');
      writeFileSync(damaged, flipped);
      const target = folder('backup-target-');
      await expect(
        restoreBackup({ file: damaged, dataDir: target, progress: silentProgress() }),
      ).rejects.toThrow(
        /^The archive is damaged: storage\/originals\/[0-9a-f-]+ does not match its checksum\.$/,
      );
      expect(readdirSync(target)).toEqual([]);

      const cut = join(folder('backup-cut-'), 'cut.tar');
      copyFileSync(archive, cut);
      truncateSync(cut, Math.floor(bytes.length / 2));
      await expect(
        restoreBackup({ file: cut, dataDir: target, progress: silentProgress() }),
      ).rejects.toThrow(/^The archive is incomplete: /);
      expect(readdirSync(target)).toEqual([]);

      // An archive of a newer version (a migration this code does not have) is refused before anything is read.
      const newer = join(folder('backup-newer-'), 'newer.tar');
      const header = JSON.parse(bytes.toString('utf8', 512, 512 + 2000).replace(/\0.*$/s, '')) as {
        migrationVersion: string;
      };
      const newerHeader = Buffer.from(
        JSON.stringify({ ...header, migrationVersion: '99991231000000' }, null, 2),
      );
      writeFileSync(
        newer,
        Buffer.concat([
          tarHeader('backup.json', newerHeader.length),
          newerHeader,
          Buffer.alloc(1024 * 2),
        ]),
      );
      await expect(
        restoreBackup({ file: newer, dataDir: target, progress: silentProgress() }),
      ).rejects.toThrow(/made by a newer version of the site \(database schema 99991231000000/);
      expect(readdirSync(target)).toEqual([]);

      // A folder that did not exist is not left behind.
      const missing = join(target, 'new-site');
      await expect(
        restoreBackup({ file: cut, dataDir: missing, progress: silentProgress() }),
      ).rejects.toThrow(/incomplete/);
      expect(existsSync(missing)).toBe(false);
    },
  );

  it(
    'does not replace a site without --force, nor a running one with it; stops at a lost file',
    { timeout: 120_000 },
    async () => {
      await expect(
        restoreBackup({ file: archive, dataDir: siteDir, force: true, progress: silentProgress() }),
      ).rejects.toThrow(/The site is running from/);

      const otherDir = folder('backup-other-');
      await stop(await start(otherDir));
      const secrets = readFileSync(join(otherDir, 'secrets.json'), 'utf8');
      await expect(
        restoreBackup({ file: archive, dataDir: otherDir, progress: silentProgress() }),
      ).rejects.toThrow(/already holds a site; .* add --force/);
      expect(readFileSync(join(otherDir, 'secrets.json'), 'utf8')).toBe(secrets);

      await restoreBackup({
        file: archive,
        dataDir: otherDir,
        force: true,
        progress: silentProgress(),
      });
      const replaced = await start(otherDir);
      expect((await everything(replaced, otherDir)).files).toEqual(before.files);

      // A file the database still lists but the disk lost: the backup stops and says which.
      const [lost] = readdirSync(join(otherDir, 'storage', 'originals'));
      rmSync(join(otherDir, 'storage', 'originals', lost!));
      await expect(
        createBackup({
          dataDir: otherDir,
          file: join(folder('backup-lost-'), 'lost.tar'),
          progress: silentProgress(),
        }),
      ).rejects.toThrow(
        /^The file of originals\/.+ is missing from .+; the site's storage is damaged/,
      );
      await stop(replaced);
    },
  );
});
