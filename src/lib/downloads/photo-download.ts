import type { PublicBackend } from '@/lib/backend/public-client';
import { originalObject, ORIGINALS_PATH, PUBLIC_PHOTOS_PATH } from '@/lib/backend/photo-objects';
import { saveBlob } from './save-file';

/** The photo names no original this page may download (SPEC §5: 'Invalid photo URL'). */
export class InvalidPhotoUrlError extends Error {
  override name = 'InvalidPhotoUrlError';
  constructor() {
    super('Invalid photo URL');
  }
}

/**
 * Extra request headers that let the caller read originals (docs/SECURITY.md, class 6): a
 * client link's download grant, or an admin's session headers. Visitors of public photos
 * need none. Called for each file, so a grant can be renewed in the middle of a long zip.
 */
export type OriginalAccess = () => Promise<Record<string, string>>;

const noAccess: OriginalAccess = () => Promise.resolve({});

const encodeName = (name: string) => name.split('/').map(encodeURIComponent).join('/');

/**
 * The request that reads a photo's original on the current backend: bucket originals through
 * the authenticated route with the anon key and the access headers, or (a row not yet moved)
 * bucket photos by its public address.
 */
export async function originalRequest(
  backend: Pick<PublicBackend, 'config'>,
  fileUrl: string | null,
  access: OriginalAccess = noAccess,
): Promise<{ url: string; headers: Record<string, string> }> {
  const object = originalObject(fileUrl);
  if (!object) throw new InvalidPhotoUrlError();
  const base = backend.config.supabaseUrl.replace(/\/$/, '');
  if (object.bucket === 'photos')
    return { url: `${base}${PUBLIC_PHOTOS_PATH}${encodeName(object.name)}`, headers: {} };
  const key = backend.config.supabaseAnonKey;
  return {
    url: `${base}${ORIGINALS_PATH}${encodeName(object.name)}`,
    headers: { apikey: key, authorization: `Bearer ${key}`, ...(await access()) },
  };
}

/** Fetches a photo's original bytes. */
export async function fetchOriginal(
  backend: Pick<PublicBackend, 'config'>,
  fileUrl: string | null,
  options: { access?: OriginalAccess; fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Blob> {
  const { url, headers } = await originalRequest(backend, fileUrl, options.access);
  // Never from or into the HTTP cache: the answer depends on the access headers.
  const response = await (options.fetch ?? fetch)(url, {
    headers,
    signal: options.signal,
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`Photo download failed with HTTP ${response.status}`);
  return response.blob();
}

/**
 * Which file a download delivers: the original, or the 2048 px preview the viewer shows (a
 * public gallery or album set to 'Web size', docs/SECURITY.md class 6).
 */
export type DownloadSize = 'original' | 'web';

/** A web-size download's file name: the original's name with the rendition's extension ('IMG_1.JPG' → 'IMG_1.webp'). */
export function webSizeFilename(originalFilename: string, renditionUrl: string): string {
  const extension =
    /\.([A-Za-z0-9]{1,5})$/.exec(new URL(renditionUrl, 'http://x').pathname)?.[1]?.toLowerCase() ??
    'webp';
  const stem = originalFilename.replace(/\.[^./\\]{1,10}$/, '') || originalFilename;
  return `${stem}.${extension}`;
}

/** Fetches a web-size rendition's bytes (a public object: no headers). */
export async function fetchWebSize(
  previewSrc: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await (options.fetch ?? fetch)(previewSrc, { signal: options.signal });
  if (!response.ok) throw new Error(`Photo download failed with HTTP ${response.status}`);
  return response.blob();
}

/** Downloads the web-size rendition under the original's name. */
export async function downloadWebSize(
  photo: { previewSrc: string; originalFilename: string },
  fetcher: typeof fetch = fetch,
): Promise<void> {
  saveBlob(
    await fetchWebSize(photo.previewSrc, { fetch: fetcher }),
    webSizeFilename(photo.originalFilename, photo.previewSrc),
  );
}

/** Downloads one photo's original under its original file name. */
export async function downloadPhoto(
  backend: Pick<PublicBackend, 'config'>,
  photo: { fileUrl: string | null; originalFilename: string },
  access?: OriginalAccess,
): Promise<void> {
  saveBlob(await fetchOriginal(backend, photo.fileUrl, { access }), photo.originalFilename);
}
