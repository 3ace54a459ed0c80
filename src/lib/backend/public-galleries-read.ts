import type { PublicBackend } from './public-client';
import type { AlbumRow, PhotoRow, PublicGalleryRow } from './database.types';
import { NO_ROWS, toBackendError } from './errors';
import { streamPages } from './pages';

/**
 * The photo columns a visitor's grid, viewer and download need. A visitor cannot read a
 * photo's filename or file_url (docs/SECURITY.md, class 6): `file_url` is the original's
 * address only where the gallery or album lets visitors download originals, else null.
 */
export type VisitorPhoto = Pick<
  PhotoRow,
  | 'id'
  | 'album_id'
  | 'thumb_url'
  | 'preview_url'
  | 'original_filename'
  | 'file_size'
  | 'width'
  | 'height'
  | 'caption'
> & {
  file_url: string | null;
};
const PHOTO_COLUMNS =
  'id, album_id, thumb_url, preview_url, original_filename, file_size, width, height, caption';

// Reads here say .retry(false): React Query decides about retries (src/app/query-client.ts);
// supabase-js' own retries on top would make an offline visitor wait many seconds.

// A malformed id in the address is simply "not found", like an unknown one.
const INVALID_TEXT = '22P02';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SingleResult<T> {
  data: T | null;
  error: { code?: string } | null;
  status: number;
}

/** One row, or null when it does not exist or is not visible (PGRST116 means not found, SPEC §8). */
function singleOrNull<T>({ data, error, status }: SingleResult<T>): T | null {
  if (!error) return data;
  if (error.code === NO_ROWS || error.code === INVALID_TEXT) return null;
  throw toBackendError(error, status);
}

export type VisitorGallery = Pick<
  PublicGalleryRow,
  'id' | 'title' | 'description' | 'visitor_downloads' | 'photo_layout' | 'created_at'
>;

/** read public_galleries by id, active only (reading B); null when missing or inactive. */
export async function readPublicGallery(
  backend: PublicBackend,
  galleryId: string,
): Promise<VisitorGallery | null> {
  if (!UUID.test(galleryId)) return null;
  const db = await backend.publicClient();
  return singleOrNull(
    await db
      .from('public_galleries')
      .select('id, title, description, visitor_downloads, photo_layout, created_at')
      .eq('id', galleryId)
      .eq('is_active', true)
      .single()
      .retry(false),
  );
}

/** read public_gallery_photos with their photos, by sort_order (reading B), a page at a time (first page small). */
export async function* streamPublicGalleryPhotos(
  backend: PublicBackend,
  galleryId: string,
): AsyncGenerator<VisitorPhoto[]> {
  if (!UUID.test(galleryId)) return;
  const pages = streamPages(async (from, to) =>
    (await backend.publicClient())
      .from('public_gallery_photos')
      .select(`sort_order, file_url:gallery_visitor_original, photos (${PHOTO_COLUMNS})`)
      .eq('public_gallery_id', galleryId)
      .order('sort_order')
      .order('created_at')
      .order('photo_id')
      .range(from, to)
      .retry(false),
  );
  for await (const rows of pages)
    yield rows.flatMap((row) => (row.photos ? [{ ...row.photos, file_url: row.file_url }] : []));
}

export type VisitorAlbum = Pick<
  AlbumRow,
  'id' | 'name' | 'description' | 'is_public' | 'visitor_downloads' | 'photo_layout'
>;

/** read albums by id where is_public (reading A); null when missing or private. */
export async function readPublicAlbum(
  backend: PublicBackend,
  albumId: string,
): Promise<VisitorAlbum | null> {
  if (!UUID.test(albumId)) return null;
  const db = await backend.publicClient();
  return singleOrNull(
    await db
      .from('albums')
      .select('id, name, description, is_public, visitor_downloads, photo_layout')
      .eq('id', albumId)
      .eq('is_public', true)
      .single()
      .retry(false),
  );
}

/** read public_album_photos (photos of a public album) in the album's order (reading A), a page at a time (first page small). */
export async function* streamPublicAlbumPhotos(
  backend: PublicBackend,
  albumId: string,
): AsyncGenerator<VisitorPhoto[]> {
  if (!UUID.test(albumId)) return;
  yield* streamPages(async (from, to) =>
    (await backend.publicClient())
      .from('public_album_photos')
      .select(`${PHOTO_COLUMNS}, file_url`)
      .eq('album_id', albumId)
      .order('sort_order')
      .order('created_at')
      .order('id')
      .range(from, to)
      .retry(false),
  );
}
