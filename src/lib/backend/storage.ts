import type { Backend } from './client';
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
 * Stored URLs are absolute. When the backend moves (the local stack on another port, a
 * restored backup), a URL of bucket photos is re-pointed at the current backend.
 */
export function resolveStorageUrl(backend: Pick<Backend, 'config'>, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const name = photosObjectName(url);
  if (name === null) return url;
  return `${backend.config.supabaseUrl.replace(/\/$/, '')}${PUBLIC_PREFIX}${name.split('/').map(encodeURIComponent).join('/')}`;
}
