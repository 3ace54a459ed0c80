/**
 * `npm run move-originals`: once, on a hosted Supabase project after `supabase db push` of
 * migrations 20261124000200 (originals are private) and 20261124000300, moves every original
 * stored before into the private bucket `originals`, through the API with the service key:
 *
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service key> npm run move-originals
 *
 * It reads the photo rows whose original is still '/storage/v1/object/public/photos/{album}/{file}'
 * (page by page), moves each object they name from bucket photos to bucket originals (Storage's
 * POST /object/move, same name), four at a time, and then gives those rows the path
 * '/storage/v1/object/authenticated/originals/{album}/{file}'. An object that a row also uses as
 * its thumbnail or preview stays where it is, and so do its rows. An object that is no longer in
 * bucket photos counts as already moved when bucket originals has it, as missing otherwise; the
 * rows are pointed at originals in both cases (a new photo's row looks the same). An album
 * whose cover was such an original gets that photo's rendition, or no cover. Running it again
 * does only what is left. The local stack does all this by itself at start
 * (supabase/local/storage/move-originals.ts).
 */
import { pathToFileURL } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
// supabase-js makes a realtime client, which needs a WebSocket class on Node 20 (never used here).
import WebSocket from 'ws';
import {
  ORIGINALS_BUCKET,
  ORIGINALS_PATH,
  PHOTOS_BUCKET,
  PUBLIC_PHOTOS_PATH,
} from '../src/lib/backend/photo-objects';

// The photo-object naming contract (src/lib/backend/photo-objects.ts).
const LEGACY_PREFIX = PUBLIC_PHOTOS_PATH;
const ORIGINALS_PREFIX = ORIGINALS_PATH;
const LEGACY_LIKE = `%${LEGACY_PREFIX}%`;
/** As private.photos_object_name: '{album uuid}/{file}' of an image, after the bucket (a host is allowed). */
const LEGACY_URL =
  /^(?:https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?)?\/storage\/v1\/object\/public\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})$/;
const IMAGE_EXTENSION = /\.(jpg|jpeg|png|webp|gif|avif)$/i;

export interface MoveOriginalsOptions {
  url: string;
  serviceRoleKey: string;
  /** Objects moved at once (default 4). */
  concurrency?: number;
  /** Photo rows read per request (default 500; PostgREST answers at most its max-rows). */
  pageSize?: number;
  log?: (line: string) => void;
}

export interface MoveOriginalsSummary {
  /** Objects moved from bucket photos to originals now. */
  moved: number;
  /** Objects already in bucket originals (moved by an earlier run). */
  alreadyThere: number;
  /** Objects in neither bucket: their rows name an original that was never stored. */
  missing: number;
  /** Objects left in bucket photos because a row uses them as a thumbnail or preview. */
  keptAsRendition: number;
  /** Objects left in bucket photos because bucket originals has another object of that name. */
  conflicts: number;
  /** Objects left because a row naming them could not take the new path (its renditions lie outside its album's folder). */
  unfit: number;
  /** Photo rows now naming their original in bucket originals. */
  rowsRewritten: number;
  /** Album covers that showed a moved original. */
  coversChanged: number;
  /** What failed, one line each; run again to retry. */
  failures: string[];
}

interface PhotoRow {
  id: string;
  album_id: string;
  file_url: string;
  thumb_url: string | null;
  preview_url: string | null;
}

/** `album/file` of a legacy original's URL, or undefined. */
export function legacyObjectName(url: string | null): string | undefined {
  const name = url === null ? undefined : LEGACY_URL.exec(url)?.[1];
  return name && IMAGE_EXTENSION.test(name) ? name : undefined;
}

/** Whether the row passes photos_files_in_album_folder once its original is in bucket originals. */
function canTakeOriginalsPath(row: PhotoRow, name: string): boolean {
  const inAlbum = (url: string | null) =>
    url === null || (legacyObjectName(url)?.startsWith(`${row.album_id}/`) ?? false);
  return name.startsWith(`${row.album_id}/`) && inAlbum(row.thumb_url) && inAlbum(row.preview_url);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The storage error's code, as the body gives it ('404', '409'; hosted answers them with HTTP 400). */
const storageCode = (error: unknown) => {
  const code =
    (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
};

const messageOf = (error: unknown) =>
  error instanceof Error
    ? error.message
    : String((error as { message?: unknown })?.message ?? error);

type Outcome =
  'moved' | 'alreadyThere' | 'missing' | 'conflicts' | 'keptAsRendition' | 'unfit' | 'failed';

async function moveObject(
  client: SupabaseClient,
  name: string,
  summary: MoveOriginalsSummary,
): Promise<Outcome> {
  const { error } = await client.storage
    .from(PHOTOS_BUCKET)
    .move(name, name, { destinationBucket: ORIGINALS_BUCKET });
  if (!error) return 'moved';
  const code = storageCode(error);
  if (code === '409') return 'conflicts';
  if (code !== '404') {
    summary.failures.push(`${name}: move failed: ${messageOf(error)}`);
    return 'failed';
  }
  const there = await client.storage.from(ORIGINALS_BUCKET).exists(name);
  if (there.data) return 'alreadyThere';
  const existsCode = there.error ? storageCode(there.error) : '404';
  if (existsCode === '404' || existsCode === '400') return 'missing';
  summary.failures.push(
    `${name}: could not tell whether bucket originals has it: ${messageOf(there.error)}`,
  );
  return 'failed';
}

/** Paths among `paths` that some row uses as its thumbnail or preview. */
async function renditionPaths(client: SupabaseClient, paths: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // About 100 characters a path: 50 keep each request line short.
  for (const chunk of chunks(paths, 50)) {
    for (const column of ['thumb_url', 'preview_url'] as const) {
      const { data, error } = await client.from('photos').select(column).in(column, chunk);
      if (error) throw new Error(`Reading the photos' ${column} failed: ${error.message}`);
      for (const row of data as Array<Record<string, string>>) found.add(row[column]!);
    }
  }
  return found;
}

/** Albums whose cover is a legacy original that has gone to bucket originals: its rendition, or none. */
async function replaceCovers(client: SupabaseClient, summary: MoveOriginalsSummary): Promise<void> {
  const { data: albums, error } = await client
    .from('albums')
    .select('id, cover_photo_url')
    .like('cover_photo_url', LEGACY_LIKE);
  if (error) throw new Error(`Reading the albums failed: ${error.message}`);
  for (const album of albums as Array<{ id: string; cover_photo_url: string }>) {
    const name = legacyObjectName(album.cover_photo_url);
    // Most covers are thumbnails, which stay where they are.
    if (!name || /\.(thumb|preview)\.webp$/.test(name)) continue;
    const { data: photos, error: photoError } = await client
      .from('photos')
      .select('thumb_url, preview_url')
      .eq('album_id', album.id)
      .eq('file_url', ORIGINALS_PREFIX + name)
      .order('created_at')
      .order('id')
      .limit(1);
    if (photoError)
      throw new Error(`Reading album ${album.id}'s photos failed: ${photoError.message}`);
    const photo = (photos as Array<{ thumb_url: string | null; preview_url: string | null }>)[0];
    if (!photo) continue;
    const stillPublic = await client.storage.from(PHOTOS_BUCKET).exists(name);
    if (stillPublic.data) continue;
    const { error: updateError } = await client
      .from('albums')
      .update({ cover_photo_url: photo.thumb_url ?? photo.preview_url ?? null })
      .eq('id', album.id)
      .eq('cover_photo_url', album.cover_photo_url);
    if (updateError)
      summary.failures.push(`album ${album.id}: cover not replaced: ${updateError.message}`);
    else summary.coversChanged += 1;
  }
}

export async function moveOriginalsThroughApi(
  options: MoveOriginalsOptions,
): Promise<MoveOriginalsSummary> {
  const { concurrency = 4, pageSize = 500, log = () => undefined } = options;
  const client = createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const summary: MoveOriginalsSummary = {
    moved: 0,
    alreadyThere: 0,
    missing: 0,
    keptAsRendition: 0,
    conflicts: 0,
    unfit: 0,
    rowsRewritten: 0,
    coversChanged: 0,
    failures: [],
  };

  // Pages by id: rows rewritten leave the filter, rows left behind are passed over.
  let after: string | undefined;
  const outcomes = new Map<string, Outcome>();
  for (;;) {
    let query = client
      .from('photos')
      .select('id, album_id, file_url, thumb_url, preview_url')
      .like('file_url', LEGACY_LIKE);
    if (after) query = query.gt('id', after);
    const { data, error } = await query.order('id').limit(pageSize);
    if (error) throw new Error(`Reading the photos failed: ${error.message}`);
    const rows = data as PhotoRow[];
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;

    const byName = new Map<string, PhotoRow[]>();
    for (const row of rows) {
      const name = legacyObjectName(row.file_url);
      if (name) byName.set(name, [...(byName.get(name) ?? []), row]);
    }
    const fresh = [...byName.keys()].filter((name) => !outcomes.has(name));
    const renditions = await renditionPaths(
      client,
      fresh.map((name) => LEGACY_PREFIX + name),
    );
    await inParallel([...byName], concurrency, async ([name, named]) => {
      // An object shared by rows of several pages is decided once, on the first.
      let outcome = outcomes.get(name);
      if (!outcome) {
        outcome = renditions.has(LEGACY_PREFIX + name)
          ? 'keptAsRendition'
          : !named.every((row) => canTakeOriginalsPath(row, name))
            ? 'unfit'
            : await moveObject(client, name, summary);
        outcomes.set(name, outcome);
        if (outcome !== 'failed') summary[outcome] += 1;
      }
      if (outcome !== 'moved' && outcome !== 'alreadyThere' && outcome !== 'missing') return;
      const { data: updated, error: updateError } = await client
        .from('photos')
        .update({ file_url: ORIGINALS_PREFIX + name })
        .in(
          'id',
          named.map((row) => row.id),
        )
        .like('file_url', LEGACY_LIKE)
        .select('id');
      if (updateError)
        summary.failures.push(`${name}: rows not rewritten (run again): ${updateError.message}`);
      else summary.rowsRewritten += updated.length;
    });
    log(`… ${summary.moved + summary.alreadyThere + summary.missing} originals done`);
  }
  await replaceCovers(client, summary);
  return summary;
}

async function main(): Promise<void> {
  const url = process.env.SUPABASE_URL;
  const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !serviceRoleKey) {
    console.error(
      'Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Project Settings → API), e.g.\n' +
        '  SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service key> npm run move-originals',
    );
    process.exit(2);
  }
  const summary = await moveOriginalsThroughApi({
    url,
    serviceRoleKey,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const lines = [
    `Moved into bucket originals: ${summary.moved}`,
    `Already there:               ${summary.alreadyThere}`,
    `Missing (in neither bucket): ${summary.missing}`,
    `Kept (also a thumbnail or preview): ${summary.keptAsRendition}`,
    `Kept (name taken in originals):     ${summary.conflicts}`,
    `Kept (renditions outside the album): ${summary.unfit}`,
    `Photo rows rewritten: ${summary.rowsRewritten}; album covers replaced: ${summary.coversChanged}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (summary.failures.length > 0) {
    console.error(
      `${summary.failures.length} failed (run again to retry):\n${summary.failures.map((line) => `  ${line}`).join('\n')}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`move-originals: ${messageOf(error)}`);
    process.exit(1);
  });
}
