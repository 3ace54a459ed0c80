import type { Backend } from './client';
import { safeImageSrc } from '../safe-url';
import { toBackendError } from './errors';

export const PHOTOS_BUCKET = 'photos';
const PUBLIC_PREFIX = `/storage/v1/object/public/${PHOTOS_BUCKET}/`;

/**
 * Uploads a file to bucket photos at `path`. Upsert makes a replayed upload (same path, same
 * bytes) harmless. Object names are unique, so browsers and CDNs may cache them for a year.
 */
export async function uploadToPhotos(backend: Backend, path: string, file: Blob, contentType: string): Promise<string> {
  const { error } = await backend.adminClient.storage
    .from(PHOTOS_BUCKET)
    .upload(path, file, { upsert: true, contentType, cacheControl: '31536000' });
  if (error) throw toBackendError(error);
  return backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
}

/** Removes objects from bucket photos; a failure is only warned (SPEC §7). */
export async function removeFromPhotos(backend: Backend, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const { error } = await backend.adminClient.storage.from(PHOTOS_BUCKET).remove(paths);
  if (error) console.warn('Could not remove files from storage', paths, error);
}

/** The object name inside bucket photos of one of its public URLs, or null. */
export function photosObjectName(url: string): string | null {
  const at = url.indexOf(PUBLIC_PREFIX);
  return at === -1 ? null : decodeURIComponent(url.slice(at + PUBLIC_PREFIX.length).split(/[?#]/)[0]!);
}

/**
 * Where to load a stored image from. A URL of bucket photos (the database keeps photo rows as
 * paths, older rows and other images as absolute URLs of whichever backend served them) is
 * pointed at the backend the app talks to; any other URL must pass the one URL rule
 * (src/lib/safe-url.ts), so every image the app shows, admin previews included, is checked.
 */
export function resolveStorageUrl(backend: Pick<Backend, 'config'>, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const name = photosObjectName(url);
  if (name === null) return safeImageSrc(url);
  return `${backend.config.supabaseUrl.replace(/\/$/, '')}${PUBLIC_PREFIX}${name.split('/').map(encodeURIComponent).join('/')}`;
}
