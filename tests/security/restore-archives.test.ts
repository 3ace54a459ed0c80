import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  constants,
  createReadStream,
  createWriteStream,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  readSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import tar, { type Header } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../supabase/local/backup/backup';
import type { Manifest } from '../../supabase/local/backup/format';
import { silentProgress } from '../../supabase/local/backup/progress';
import { restoreBackup } from '../../supabase/local/backup/restore';
import { ownStacks } from '../support/own-stack';

/**
 * Restore trusts nothing it has not checked: a real backup whose manifest was rewritten (and
 * its own checksum made to fit, as whoever crafts one would) to name a file outside the staging
 * folder, a FIFO, a device, or one file twice is refused with a message before anything outside
 * is opened, and the target folder stays empty.
 */

const own = ownStacks();
afterAll(own.cleanup);

interface Entry {
  header: Header;
  data: Buffer;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const STAGING = '.restore-in-progress';

async function readArchive(file: string): Promise<Entry[]> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), extract);
  const entries: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ header: entry.header, data: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

async function writeArchive(entries: Entry[]): Promise<string> {
  const file = join(own.folder('crafted-'), 'crafted.tar');
  const pack = tar.pack();
  const writing = pipeline(pack, createWriteStream(file));
  for (const { header, data } of entries) pack.entry({ ...header, size: data.length }, data);
  pack.finalize();
  await writing;
  return file;
}

/**
 * The archive with its manifest edited and `extra` entries after the header; the manifest's own
 * checksum (when it has one) is made to match, as whoever crafts an archive would.
 */
async function craft(
  entries: Entry[],
  edit: (manifest: Manifest) => void,
  extra: Entry[] = [],
): Promise<string> {
  const manifest = JSON.parse(
    entries.find((entry) => entry.header.name === 'manifest.json')!.data.toString('utf8'),
  ) as Manifest;
  edit(manifest);
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
  const rewritten = entries.map(({ header, data }) => ({
    header,
    data:
      header.name === 'manifest.json'
        ? manifestBytes
        : header.name === 'manifest.sha256'
          ? Buffer.from(sha256(manifestBytes))
          : data,
  }));
  return writeArchive([rewritten[0]!, ...extra, ...rewritten.slice(1)]);
}

/** Restores into an empty folder, expects the refusal, and that the folder is left empty. */
async function refused(
  file: string,
  message: RegExp,
  target = own.folder('restore-target-'),
): Promise<Error> {
  const error = (await restoreBackup({ file, dataDir: target, progress: silentProgress() }).then(
    () => undefined,
    (reason: unknown) => reason,
  )) as Error | undefined;
  expect(error?.message).toMatch(message);
  expect(readdirSync(target)).toEqual([]);
  return error!;
}

const special = (name: string, type: Header['type'], device = {}): Entry => ({
  header: { name, type, size: 0, mode: 0o600, mtime: new Date(), ...device } as Header,
  data: Buffer.alloc(0),
});

describe('restore of a crafted archive', () => {
  let entries: Entry[];
  const secret = `SECRET-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    const siteDir = own.folder('restore-site-');
    await own.stop(await own.start(siteDir));
    const archive = join(own.folder('restore-archive-'), 'site.tar');
    await createBackup({ dataDir: siteDir, file: archive, progress: silentProgress() });
    entries = await readArchive(archive);
  }, 120_000);

  /** The first table's entry rewritten to climb from the staging folder to `path`. */
  async function refusedTableEntry(path: string, rows?: number): Promise<Error> {
    const target = own.folder('restore-target-');
    const file = await craft(entries, (manifest) => {
      manifest.tables[0]!.entry = relative(join(target, STAGING), path);
      if (rows !== undefined) manifest.tables[0]!.rows = rows;
    });
    const message =
      /^The archive is damaged: its manifest loads \S+ from \.\.\/\S+, which is not a table dump of the archive\.$/;
    return refused(file, message, target);
  }

  it(
    'refuses a table entry outside the staging folder without reading it',
    { timeout: 60_000 },
    async () => {
      const outside = join(own.folder('restore-outside-'), 'outside.copy');
      await writeFile(outside, `${secret}\n`);
      const error = await refusedTableEntry(outside, 1);
      expect(error.message).not.toContain(secret);
      expect(readFileSync(outside, 'utf8')).toBe(`${secret}\n`);
    },
  );

  it(
    'refuses a FIFO, named by the manifest or held by the archive, without opening it',
    { timeout: 60_000 },
    async () => {
      const fifo = join(own.folder('restore-fifo-'), 'outside.fifo');
      execFileSync('mkfifo', [fifo]);
      // The write completes only once something opens the FIFO to read it.
      let opened = false;
      const writing = writeFile(fifo, secret).then(() => (opened = true));
      try {
        const error = await refusedTableEntry(fifo);
        expect(error.message).not.toContain(secret);
        expect(opened).toBe(false);
      } finally {
        // Unblocks the writer; what it wrote must still be there, unread.
        const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
        await writing;
        const buffer = Buffer.alloc(100);
        const read = readSync(reader, buffer);
        closeSync(reader);
        expect(buffer.toString('utf8', 0, read)).toBe(secret);
      }

      const table = entries.find((entry) => entry.header.name.startsWith('db/'))!.header.name;
      await refused(
        await craft(entries, () => undefined, [special(table, 'fifo')]),
        new RegExp(
          `^The archive is damaged: it holds ${table.replaceAll('.', '\\.')}, which no backup writes\\.$`,
        ),
      );
    },
  );

  it(
    'refuses a device file, named by the manifest or held by the archive',
    { timeout: 60_000 },
    async () => {
      // Read as an empty table, /dev/null would otherwise restore without a word.
      await refusedTableEntry('/dev/null', 0);

      const device = special('secrets.json', 'character-device', { devmajor: 1, devminor: 3 });
      await refused(
        await craft(entries, () => undefined, [device]),
        /^The archive is damaged: it holds secrets\.json, which no backup writes\.$/,
      );
    },
  );

  it('refuses a manifest that names a file twice', { timeout: 60_000 }, async () => {
    const twice = /^The archive is damaged: its manifest names db\/\S+\.copy twice\.$/;
    await refused(
      await craft(entries, (manifest) => manifest.entries.push(manifest.entries[1]!)),
      twice,
    );
    await refused(
      await craft(entries, (manifest) => {
        manifest.tables[1]!.entry = manifest.tables[0]!.entry;
      }),
      twice,
    );
  });

  it(
    'refuses a manifest that does not match its own checksum, or has lost it',
    { timeout: 60_000 },
    async () => {
      const changed = entries.map((entry) =>
        entry.header.name === 'manifest.json'
          ? { ...entry, data: Buffer.concat([entry.data, Buffer.from(' ')]) }
          : entry,
      );
      await refused(
        await writeArchive(changed),
        /^The archive is damaged: its manifest \(manifest\.json\) does not match its checksum\.$/,
      );

      const cut = entries.filter((entry) => entry.header.name !== 'manifest.sha256');
      await refused(
        await writeArchive(cut),
        /^The archive is incomplete: its manifest's checksum \(manifest\.sha256, the last entry\) is missing/,
      );
    },
  );

  it(
    'still restores an archive of format 1, which ends at its manifest',
    { timeout: 120_000 },
    async () => {
      const header = JSON.parse(entries[0]!.data.toString('utf8')) as { formatVersion: number };
      const headerBytes = Buffer.from(JSON.stringify({ ...header, formatVersion: 1 }, null, 2));
      const older = entries
        .filter((entry) => entry.header.name !== 'manifest.sha256')
        .map((entry) =>
          entry.header.name === 'backup.json' ? { ...entry, data: headerBytes } : entry,
        );
      const file = await craft(older, (manifest) => {
        manifest.formatVersion = 1;
        Object.assign(
          manifest.entries.find((entry) => entry.name === 'backup.json')!,
          { size: headerBytes.length, sha256: sha256(headerBytes) },
        );
      });
      const target = own.folder('restore-older-');
      await restoreBackup({ file, dataDir: target, progress: silentProgress() });
      expect(readdirSync(target).sort()).toEqual(['pg', 'secrets.json', 'storage']);
    },
  );
});
