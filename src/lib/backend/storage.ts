import type { Backend } from './client';
import { safeImageSrc } from '../safe-url';
import { toBackendError } from './errors';
import {
  ORIGINALS_BUCKET,
  originalObject,
  originalPath,
  PHOTOS_BUCKET,
  photosObjectName,
  PUBLIC_PHOTOS_PATH,
} from './photo-objects';

export { PHOTOS_BUCKET, photosObjectName } from './photo-objects';

/**
 * Uploads a file to bucket photos at `path`. Upsert makes a replayed upload (same path, same
 * bytes) harmless. Object names are unique, so browsers and CDNs may cache them for a year.
 */
export async function uploadToPhotos(
  backend: Backend,
  path: string,
  file: Blob,
  contentType: string,
): Promise<string> {
  const { error } = await backend.adminClient.storage
    .from(PHOTOS_BUCKET)
    .upload(path, file, { upsert: true, contentType, cacheControl: '31536000' });
  if (error) throw toBackendError(error);
  return backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
}

/** An object's bytes from bucket photos (a cover rendition made later starts from the preview). */
export async function downloadFromPhotos(backend: Backend, path: string): Promise<Blob> {
  const { data, error } = await backend.adminClient.storage.from(PHOTOS_BUCKET).download(path);
  if (error) throw toBackendError(error);
  return data;
}

/**
 * Uploads a photo's original to the private bucket originals at `name` ({album}/{photo}.{ext});
 * upsert, as for renditions. Returns the path the photo row keeps (src/lib/backend/photo-objects.ts).
 */
export async function uploadOriginal(
  backend: Backend,
  name: string,
  file: Blob,
  contentType: string,
): Promise<string> {
  const { error } = await backend.adminClient.storage
    .from(ORIGINALS_BUCKET)
    .upload(name, file, { upsert: true, contentType, cacheControl: '31536000' });
  if (error) throw toBackendError(error);
  return originalPath(name);
}

/** Removes one original (an upload that will never be recorded); removing what is gone changes nothing. */
export async function removeOriginal(backend: Backend, name: string): Promise<void> {
  const { error } = await backend.adminClient.storage.from(ORIGINALS_BUCKET).remove([name]);
  if (error) throw toBackendError(error);
}

/** Names hosted Storage takes in one remove request. */
const REMOVE_BATCH = 1000;

/**
 * Removes a deleted photo's objects. Each name is removed from both buckets: an original not
 * yet moved to bucket originals is still in photos, and a deleted photo must leave no public
 * copy. Removing a name that is already gone changes nothing, so a replay is harmless; a
 * failure throws, and the outbox retries the delete (src/offline/outbox/registry.ts).
 */
export async function removePhotoObjects(backend: Backend, names: string[]): Promise<void> {
  for (let start = 0; start < names.length; start += REMOVE_BATCH) {
    const batch = names.slice(start, start + REMOVE_BATCH);
    for (const bucket of [PHOTOS_BUCKET, ORIGINALS_BUCKET]) {
      const { error } = await backend.adminClient.storage.from(bucket).remove(batch);
      if (error) throw toBackendError(error);
    }
  }
}

/**
 * Removes every object in a deleted album's folder ({album}/…, where the naming contract puts
 * all of its photos' files) from both buckets. It lists what is there, so a replay after a
 * lost answer still finds and removes what is left; a failure throws and is retried.
 */
export async function removeAlbumFolder(backend: Backend, albumId: string): Promise<void> {
  for (const bucket of [PHOTOS_BUCKET, ORIGINALS_BUCKET]) {
    const files = backend.adminClient.storage.from(bucket);
    for (;;) {
      const { data, error } = await files.list(albumId, { limit: REMOVE_BATCH, offset: 0 });
      if (error) throw toBackendError(error);
      // Entries without an id are folders; the album folder holds none.
      const names = data
        .filter((entry) => entry.id !== null)
        .map((entry) => `${albumId}/${entry.name}`);
      if (names.length === 0) break;
      const { error: removeError } = await files.remove(names);
      if (removeError) throw toBackendError(removeError);
    }
  }
}

/** A URL of an original that only this admin session may open, valid for `seconds` (opening it in a new tab). */
export async function signOriginalUrl(
  backend: Backend,
  name: string,
  seconds = 60,
): Promise<string> {
  const { data, error } = await backend.adminClient.storage
    .from(ORIGINALS_BUCKET)
    .createSignedUrl(name, seconds);
  if (error) throw toBackendError(error);
  return data.signedUrl;
}

/**
 * Where to load a stored image from. A URL of bucket photos (the database keeps photo rows as
 * paths, older rows and other images as absolute URLs of whichever backend served them) is
 * pointed at the backend the app talks to; a private original is no image source at all
 * (downloads read it with access headers); any other URL must pass the one URL rule
 * (src/lib/safe-url.ts), so every image the app shows, admin previews included, is checked.
 */
export function resolveStorageUrl(
  backend: Pick<Backend, 'config'>,
  url: string | null | undefined,
): string | undefined {
  if (!url || originalObject(url)?.bucket === ORIGINALS_BUCKET) return undefined;
  const name = photosObjectName(url);
  if (name === null) return safeImageSrc(url);
  return `${backend.config.supabaseUrl.replace(/\/$/, '')}${PUBLIC_PHOTOS_PATH}${name.split('/').map(encodeURIComponent).join('/')}`;
}
