import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';
import { CACHE_NAMES } from './cache-names';
import { db, type OfflineAlbum } from './visitor-db';

export type { OfflineAlbum } from './visitor-db';
import {
  ensureRoomFor,
  freeStorageBytes,
  isQuotaError,
  StorageShortError,
} from '@/lib/storage-space';

/** The album remembered for this link, if any. */
export async function readOfflineAlbum(token: string): Promise<OfflineAlbum | undefined> {
  return db().albums.get(token);
}

/** Remembers an album as just opened online (keeps whether it was saved). */
export async function rememberOpenedAlbum(
  token: string,
  link: ClientLink,
  passcode: string | null,
  photos: ClientPhoto[],
): Promise<void> {
  await db().transaction('rw', db().albums, async () => {
    const before = await db().albums.get(token);
    await db().albums.put({
      token,
      link,
      passcode,
      photos,
      openedAt: Date.now(),
      saved: before?.saved ?? null,
    });
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
  const album = await db().albums.get(token);
  // Hearts waiting for a link that is gone can never be sent.
  await db().favourites.delete(token);
  if (!album) return;
  await db().albums.delete(token);
  if (typeof caches === 'undefined') return;
  const urls = renditionsOf(album.photos, resolve);
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
  const album = await db().albums.get(token);
  if (!album) throw new Error('Open the album online before saving it');
  await ensureRoomFor(options.estimateBytes * 1.2);
  await navigator.storage?.persist?.().catch(() => false);

  const urls = renditionsOf(album.photos, resolve);
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
