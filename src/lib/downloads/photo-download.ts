import type { PublicBackend } from '@/lib/backend/public-client';
import { photosObjectName, resolveStorageUrl } from '@/lib/backend/storage';
import { saveBlob } from './save-file';

/** The photo's address has no 'photos' path segment (SPEC §5: 'Invalid photo URL'). */
export class InvalidPhotoUrlError extends Error {
  override name = 'InvalidPhotoUrlError';
  constructor() {
    super('Invalid photo URL');
  }
}

/**
 * The address of a photo's original in bucket photos: the path after its 'photos' segment,
 * on the current backend. Originals are public by their unguessable address (ARCHITECTURE §4).
 */
export function originalAddress(backend: Pick<PublicBackend, 'config'>, fileUrl: string): string {
  if (photosObjectName(fileUrl) === null) throw new InvalidPhotoUrlError();
  return resolveStorageUrl(backend, fileUrl)!;
}

/** Fetches a photo's original bytes. */
export async function fetchOriginal(
  backend: Pick<PublicBackend, 'config'>,
  fileUrl: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await (options.fetch ?? fetch)(originalAddress(backend, fileUrl), { signal: options.signal });
  if (!response.ok) throw new Error(`Photo download failed with HTTP ${response.status}`);
  return response.blob();
}

/** Downloads one photo's original under its original file name. */
export async function downloadPhoto(backend: Pick<PublicBackend, 'config'>, photo: { fileUrl: string; originalFilename: string }): Promise<void> {
  saveBlob(await fetchOriginal(backend, photo.fileUrl), photo.originalFilename);
}
