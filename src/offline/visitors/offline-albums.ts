import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';
import {
  ensureRoomFor,
  freeStorageBytes,
  isQuotaError,
  StorageShortError,
} from '@/lib/storage-space';
import { CACHE_NAMES } from './cache-names';
import {
  ALBUM_PART_SIZE,
  db,
  newGeneration,
  splitIntoParts,
  type AlbumPartKey,
  type OfflineAlbum,
} from './visitor-db';

export type { OfflineAlbum } from './visitor-db';

/** The album remembered for this link, if any, without its photos (readOfflineAlbumPhotos has those). */
export async function readOfflineAlbum(token: string): Promise<OfflineAlbum | undefined> {
  return db().albums.get(token);
}

/** The keys of an album's parts, in order. */
const partKeys = ({ token, generation, photoCount }: OfflineAlbum): AlbumPartKey[] =>
  Array.from({ length: Math.ceil(photoCount / ALBUM_PART_SIZE) }, (_, part) => [
    token,
    generation,
    part,
  ]);

/** Every key of a link's parts, whatever their generation (keys only: no photo is copied). */
const allPartKeys = (token: string) =>
  db()
    .albumParts.where('[token+generation+part]')
    // Every key that starts with the token: [token] sorts before them, [token, []] after.
    .between([token], [token, []])
    .primaryKeys();

/**
 * The photos remembered for this link, in order, or undefined. The parts are read one request
 * each inside one transaction: each arrives as a task of its own, where one value of 10,000
 * photos held the page for its whole copy.
 */
export async function readOfflineAlbumPhotos(token: string): Promise<ClientPhoto[] | undefined> {
  return db().transaction('r', db().albums, db().albumParts, async () => {
    const album = await db().albums.get(token);
    if (!album) return undefined;
    const parts = await db().albumParts.bulkGet(partKeys(album));
    // A part can only be missing if the device dropped data under the database: remember nothing.
    if (parts.some((part) => !part)) return undefined;
    return parts.flatMap((part) => part!.photos);
  });
}

/** Lets the page draw and answer input between two parts (scheduler.yield where there is one). */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * Remembers an album as just opened online (keeps whether it was saved). The list goes in as a
 * new generation of parts, one task each; then, in one transaction, the album names that
 * generation and the parts of any other go. A tab closed halfway leaves the album as it was
 * (its stray parts go with the next write); of two tabs writing at once, the one whose parts
 * were removed under it keeps the other's list.
 */
export async function rememberOpenedAlbum(
  token: string,
  link: ClientLink,
  passcode: string | null,
  photos: ClientPhoto[],
): Promise<void> {
  const generation = newGeneration();
  const parts = splitIntoParts(token, generation, photos);
  for (const part of parts) {
    await db().albumParts.put(part);
    await nextTask();
  }
  await db().transaction('rw', db().albums, db().albumParts, async () => {
    const keys = await allPartKeys(token);
    const ours = keys.filter(([, partGeneration]) => partGeneration === generation);
    if (ours.length !== parts.length) return;
    const before = await db().albums.get(token);
    await db().albums.put({
      token,
      link,
      passcode,
      openedAt: Date.now(),
      saved: before?.saved ?? null,
      photoCount: photos.length,
      generation,
    });
    await db().albumParts.bulkDelete(
      keys.filter(([, partGeneration]) => partGeneration !== generation),
    );
  });
}

/** The renditions a saved album keeps: every preview and thumbnail. */
const renditionsOf = (
  photos: readonly Pick<ClientPhoto, 'thumb_url' | 'preview_url'>[],
  resolve: (url: string) => string,
) =>
  photos.flatMap((photo) =>
    [photo.thumb_url, photo.preview_url].flatMap((url) => (url ? [resolve(url)] : [])),
  );

/** Forgets a link's album and removes its cached photos (the link was deactivated or expired). */
export async function forgetOfflineAlbum(
  token: string,
  resolve: (url: string) => string,
): Promise<void> {
  const photos = await readOfflineAlbumPhotos(token);
  // Hearts waiting for a link that is gone can never be sent.
  await db().favourites.delete(token);
  await db().transaction('rw', db().albums, db().albumParts, async () => {
    await db().albums.delete(token);
    await db().albumParts.bulkDelete(await allPartKeys(token));
  });
  if (!photos || typeof caches === 'undefined') return;
  const urls = renditionsOf(photos, resolve);
  for (const name of [CACHE_NAMES.savedAlbums, CACHE_NAMES.renditions]) {
    const cache = await caches.open(name);
    await Promise.all(urls.map((url) => cache.delete(url)));
  }
}

/**
 * 'Save for offline': fetches every preview and thumbnail of the album into the saved-albums
 * cache, a few at a time, reporting progress; asks the browser to keep the site's storage.
 * Refuses up front (StorageShortError) when the space the browser allows is clearly short.
 */
export async function saveAlbumForOffline(
  token: string,
  resolve: (url: string) => string,
  options: {
    onProgress?: (done: number, total: number) => void;
    estimateBytes: number;
    parallel?: number;
  },
): Promise<{ bytes: number }> {
  const photos = await readOfflineAlbumPhotos(token);
  if (!photos) throw new Error('Open the album online before saving it');
  await ensureRoomFor(options.estimateBytes * 1.2);
  await navigator.storage?.persist?.().catch(() => false);

  const urls = renditionsOf(photos, resolve);
  const cache = await caches.open(CACHE_NAMES.savedAlbums);
  let done = 0;
  let bytes = 0;
  const queue = [...urls];
  options.onProgress?.(0, urls.length);
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const cached = await cache.match(url);
      const response = cached ?? (await fetch(url));
      if (!response.ok) throw new Error(`Could not fetch ${url}: HTTP ${response.status}`);
      const body = await response.clone().blob();
      if (!cached) await cache.put(url, response);
      bytes += body.size;
      done += 1;
      options.onProgress?.(done, urls.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.parallel ?? 4, urls.length) }, worker));
  } catch (error) {
    if (isQuotaError(error))
      throw new StorageShortError(options.estimateBytes, (await freeStorageBytes()) ?? 0);
    throw error;
  }
  await db().albums.update(token, { saved: { at: Date.now(), bytes } });
  return { bytes };
}
