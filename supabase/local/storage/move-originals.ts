import { access, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import {
  ORIGINALS_BUCKET,
  ORIGINALS_PATH,
  PHOTOS_BUCKET,
  PUBLIC_PHOTOS_PATH,
} from '../../../src/lib/backend/photo-objects';
import { isSafeVersion } from './names';
import { objectFilePath } from './store-object';

/**
 * Moves the originals written before migration 20261124000200_private_originals.sql into the
 * private bucket `originals`, once, when the local stack starts (before anything is served).
 * A hosted project does the same through the API with `npm run move-originals`
 * (scripts/move-originals.ts).
 *
 * A legacy photo row names its original as '/storage/v1/object/public/photos/{album}/{file}'.
 * In one transaction:
 *   - each object of bucket photos that such a row names moves to bucket originals, same name
 *     and version (its row's bucket_id changes), unless some row also uses it as a thumbnail
 *     or preview, an object of that name is already in originals, or one of the rows naming it
 *     could not take the new path (its renditions break the table's check);
 *   - every legacy row whose object is now in no bucket photos (moved now, moved before, or
 *     missing altogether) gets the path '/storage/v1/object/authenticated/originals/{name}';
 *     rows whose object stays in photos keep theirs;
 *   - an album whose cover was such an original (photos without renditions) gets that photo's
 *     rendition as cover, or none: a private original cannot be shown on a page.
 * After the commit the files are renamed {root}/photos/{version} → {root}/originals/{version}.
 *
 * Crash safety: a journal file is written (and synced) before the transaction and removed
 * once every file is in place. A start that finds it knows the previous move stopped before
 * its end, maybe between its commit and its last rename: every object row of bucket originals
 * whose file is missing in the originals folder (read once) but present in the photos folder
 * gets its file moved there first. Without a journal and with nothing left to move, a start
 * costs one query (about 0.1 s with 50,000 photos). The move itself costs about 1.5 ms a photo
 * row, nearly all of it the table's checks on the rewritten row (8 s for 5,000 photos).
 *
 * It works as the storage service's own login switched to service_role: no row-level
 * security, and the rights on public.photos and public.albums that the hosted script uses
 * through the API (migration 20261124000300).
 */

export interface MoveOriginalsOptions {
  /** A pool logged in as the storage service (supabase_storage_admin) or the superuser. */
  pool: pg.Pool;
  /** The storage root: objects are files at {root}/{bucket}/{version}. */
  root: string;
  /** Called with one line when something was moved or repaired. */
  log?: (line: string) => void;
  /** Tests only: runs after the commit, before any file is renamed (where a crash would hurt). */
  afterCommit?: () => Promise<void>;
}

export interface MoveOriginalsResult {
  /** Objects of bucket originals whose files a crashed move had left in the photos folder. */
  repaired: number;
  /** Objects moved from bucket photos to originals by this call. */
  moved: number;
  /** Photo rows given the originals path. */
  rowsRewritten: number;
  /** Album covers that showed a moved original: now that photo's rendition, or none. */
  coversChanged: number;
  /** Moved objects whose file was in neither folder (the row had no bytes before either). */
  filesMissing: number;
}

/** The journal of a move in progress; '.'-names under the root are never buckets. */
export const moveJournalPath = (root: string) => join(root, '.originals-move');

// The photo-object naming contract, shared with the app.
const PHOTOS_PATH = PUBLIC_PHOTOS_PATH;

/**
 * The object name in bucket photos that a stored URL names, in plain SQL: what
 * private.photos_object_name() answers (a host is dropped; '{album uuid}/{file}' of an image, at
 * most 200 characters of file), null for anything else. That function costs about half a
 * millisecond a call (its capturing regex with bounded repeats, behind `set search_path`), too
 * much for every row at every start; this expression costs a few microseconds, and the test
 * checks that both agree (tests/integration/move-originals.test.ts).
 */
export function photosObjectNameSql(url: string): string {
  const path = `regexp_replace(${url}, '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(?=/)', '')`;
  const name = `substr(${path}, ${PHOTOS_PATH.length + 1})`;
  return `(case when ${url} like '%${PHOTOS_PATH}%' and starts_with(${path}, '${PHOTOS_PATH}')
       and ${name} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[A-Za-z0-9_-][A-Za-z0-9._-]*$'
       and length(${name}) <= 237
       and lower(substring(${name} from '\\.([A-Za-z0-9]+)$')) in ('jpg', 'jpeg', 'png', 'webp', 'gif', 'avif')
     then ${name} end)`;
}

/** Whether a thumbnail or preview URL passes the photos table's check for this album's row. */
const RENDITION_FITS = (url: string) =>
  `(${url} is null or (${url} !~ '^https?:' and ${photosObjectNameSql(url)} like l.album_id::text || '/%'))`;

/**
 * Legacy rows (their original named by its bucket photos path) with that name, and the names
 * with whether every row naming each one can take the originals path: the rest of the row passes
 * photos_files_in_album_folder. A name with a row that cannot is left alone (object and rows).
 */
const LEGACY_NAMES = `
  legacy as (
    select l.id, l.name,
           l.name like l.album_id::text || '/%' and ${RENDITION_FITS('l.thumb_url')} and ${RENDITION_FITS('l.preview_url')} as fits
      from (select p.id, p.album_id, p.thumb_url, p.preview_url, ${photosObjectNameSql('p.file_url')} as name
              from public.photos p
             where p.file_url like '%${PHOTOS_PATH}%') l
     where l.name is not null
  ),
  names as (
    select name, bool_and(fits) as rewritable from legacy group by name
  )`;

/** Whether the object named `name` in bucket photos may move: no rendition, no namesake in originals. */
const MAY_MOVE = (name: string) => `
  not exists (select 1 from storage.objects d where d.bucket_id = '${ORIGINALS_BUCKET}' and d.name = ${name})
  and not exists (select 1 from public.photos r where r.thumb_url = '${PHOTOS_PATH}' || ${name})
  and not exists (select 1 from public.photos r where r.preview_url = '${PHOTOS_PATH}' || ${name})`;

const IN_PHOTOS = (name: string) =>
  `exists (select 1 from storage.objects o where o.bucket_id = '${PHOTOS_BUCKET}' and o.name = ${name})`;

/**
 * Is there anything to move or rewrite? The one query of a start with nothing left: a scan of
 * photos.file_url, and per remaining legacy row (originals that are also renditions) a few
 * index lookups.
 */
const ANYTHING_LEFT = `
  with ${LEGACY_NAMES}
  select exists (
    select 1 from names n
     where n.rewritable and (not ${IN_PHOTOS('n.name')} or (${MAY_MOVE('n.name')}))
  ) as left`;

const MOVE_OBJECTS = `
  with ${LEGACY_NAMES}
  update storage.objects o
     set bucket_id = '${ORIGINALS_BUCKET}'
    from names n
   where o.bucket_id = '${PHOTOS_BUCKET}' and o.name = n.name and n.rewritable
     and ${MAY_MOVE('o.name')}
  returning o.name, o.version`;

/** After MOVE_OBJECTS: every legacy row whose object is in no bucket photos now. */
const REWRITE_ROWS = `
  with ${LEGACY_NAMES}
  update public.photos p
     set file_url = '${ORIGINALS_PATH}' || n.name
    from legacy l join names n on n.name = l.name
   where p.id = l.id and n.rewritable
     and not ${IN_PHOTOS('n.name')}
  returning n.name`;

/**
 * Covers that showed one of the originals just made private ($1: their names): the photo's
 * rendition, as private.photo_display_url() picks it, or none.
 */
const REPLACE_COVERS = `
  update public.albums a
     set cover_photo_url = (
       select coalesce(p.thumb_url, p.preview_url)
         from public.photos p
        where p.album_id = a.id and p.file_url = '${ORIGINALS_PATH}' || c.name
        order by p.created_at, p.id
        limit 1)
    from (select id, ${photosObjectNameSql('cover_photo_url')} as name
            from public.albums
           where cover_photo_url like '%${PHOTOS_PATH}%') c
   where a.id = c.id and c.name = any($1::text[])`;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Writes a file and makes it, and its name in its folder, durable. */
async function writeDurably(path: string, text: string): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  await syncFolder(join(path, '..'));
}

async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Renames {root}/photos/{version} to {root}/originals/{version}; false when there was no file. */
async function moveFile(root: string, version: string): Promise<boolean> {
  try {
    await rename(
      objectFilePath(root, PHOTOS_BUCKET, version),
      objectFilePath(root, ORIGINALS_BUCKET, version),
    );
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * After a crash: files of objects already in bucket originals that are still in the photos
 * folder go to the originals folder. Versions are UUIDs, unique across buckets.
 */
async function repairCrashedMove(client: pg.PoolClient, root: string): Promise<number> {
  const originalsFolder = join(root, ORIGINALS_BUCKET);
  await mkdir(originalsFolder, { recursive: true });
  const present = new Set(await readdir(originalsFolder));
  const { rows } = await client.query<{ version: string | null }>(
    `select version from storage.objects where bucket_id = '${ORIGINALS_BUCKET}'`,
  );
  let repaired = 0;
  for (const { version } of rows) {
    if (!isSafeVersion(version) || present.has(version)) continue;
    // In neither folder: an object without bytes, as before the move; nothing to repair.
    if (await moveFile(root, version)) repaired += 1;
  }
  return repaired;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export async function moveOriginals(options: MoveOriginalsOptions): Promise<MoveOriginalsResult> {
  const { pool, root, log = () => undefined } = options;
  const journal = moveJournalPath(root);
  const result: MoveOriginalsResult = {
    repaired: 0,
    moved: 0,
    rowsRewritten: 0,
    coversChanged: 0,
    filesMissing: 0,
  };
  const client = await pool.connect();
  try {
    // Session-wide, and the connection is closed afterwards, never handed back as service_role.
    await client.query('set role service_role');
    const unfinished = await access(journal).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
    if (unfinished) {
      result.repaired = await repairCrashedMove(client, root);
      if (result.repaired > 0) {
        log(
          `Repaired an interrupted move: ${plural(result.repaired, 'original', 'originals')} put in place`,
        );
      }
    } else {
      const { rows } = await client.query<{ left: boolean }>(ANYTHING_LEFT);
      if (!rows[0]?.left) return result;
    }

    await mkdir(join(root, ORIGINALS_BUCKET), { recursive: true });
    await writeDurably(journal, `${JSON.stringify({ started: new Date().toISOString() })}\n`);

    let moved: Array<{ name: string; version: string | null }>;
    await client.query('begin');
    try {
      moved = (await client.query<{ name: string; version: string | null }>(MOVE_OBJECTS)).rows;
      const rewritten = (await client.query<{ name: string }>(REWRITE_ROWS)).rows;
      result.rowsRewritten = rewritten.length;
      const names = [...new Set(rewritten.map((row) => row.name))];
      result.coversChanged =
        names.length === 0 ? 0 : ((await client.query(REPLACE_COVERS, [names])).rowCount ?? 0);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    result.moved = moved.length;
    await options.afterCommit?.();

    for (const { version } of moved) {
      if (!isSafeVersion(version) || !(await moveFile(root, version))) result.filesMissing += 1;
    }
    if (moved.length > 0) {
      await syncFolder(join(root, PHOTOS_BUCKET)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
      await syncFolder(join(root, ORIGINALS_BUCKET));
    }
    await rm(journal, { force: true });

    if (result.moved > 0 || result.rowsRewritten > 0) {
      const details = [
        result.moved > 0
          ? `${plural(result.rowsRewritten, 'photo row now points', 'photo rows now point')} there`
          : '',
        result.filesMissing > 0 ? `${result.filesMissing} of them had no file` : '',
        result.coversChanged > 0
          ? `${plural(result.coversChanged, 'album cover no longer shows', 'album covers no longer show')} an original`
          : '',
      ].filter(Boolean);
      const head =
        result.moved > 0
          ? `Moved ${plural(result.moved, 'original', 'originals')} into the private bucket`
          : `Pointed ${plural(result.rowsRewritten, 'photo row', 'photo rows')} at the private bucket (their originals were missing or already there)`;
      log(details.length > 0 ? `${head} (${details.join('; ')})` : head);
    }
    return result;
  } finally {
    // The connection took on service_role: closed, never handed back to the pool.
    client.release(true);
  }
}
