import type { PublicBackend } from './public-client';
import type { ClientLink, ClientPhoto } from './database.types';
import { deviceId } from '../device-id';
import { unwrap } from './errors';
import { streamPages } from './pages';

/** rpc get_gallery_link_by_token: the link (active and unexpired) or null. Never the passcode. */
export async function getGalleryLinkByToken(
  backend: PublicBackend,
  accessToken: string,
): Promise<ClientLink | null> {
  const db = await backend.publicClient();
  const rows = unwrap(await db.rpc('get_gallery_link_by_token', { p_access_token: accessToken }));
  return rows[0] ?? null;
}

/** rpc set_gallery_context: whether the link is usable. */
export async function setGalleryContext(
  backend: PublicBackend,
  accessToken: string,
): Promise<boolean> {
  const db = await backend.publicClient();
  return unwrap(await db.rpc('set_gallery_context', { access_token: accessToken }));
}

/** rpc validate_gallery_passcode; wrong guesses are throttled by the server. */
export async function validateGalleryPasscode(
  backend: PublicBackend,
  accessToken: string,
  passcode: string,
): Promise<boolean> {
  const db = await backend.publicClient();
  return unwrap(
    await db.rpc('validate_gallery_passcode', {
      p_access_token: accessToken,
      p_passcode: passcode,
      p_device: deviceId(),
    }),
  );
}

/** rpc get_album_photos_by_token: the photos, given the passcode when the link has one; a page at a time (first page small). */
export function streamAlbumPhotosByToken(
  backend: PublicBackend,
  accessToken: string,
  passcode?: string,
): AsyncGenerator<ClientPhoto[]> {
  // Ordered by sort_order, created_at, id on the server: pages line up. The function reads only
  // the page asked for (PostgREST's own paging would build the whole album for each page).
  return streamPages(async (from, to) =>
    (await backend.publicClient()).rpc('get_album_photos_by_token', {
      p_access_token: accessToken,
      p_passcode: passcode ?? null,
      p_device: deviceId(),
      p_offset: from,
      p_limit: to - from + 1,
    }),
  );
}

/**
 * rpc get_download_grant: for a link that allows downloads (and the right passcode), a grant
 * to send as the header x-download-grant when reading the album's originals; null otherwise.
 */
export async function getDownloadGrant(
  backend: PublicBackend,
  accessToken: string,
  passcode: string | null,
): Promise<string | null> {
  const db = await backend.publicClient();
  return unwrap(
    await db.rpc('get_download_grant', {
      p_access_token: accessToken,
      p_passcode: passcode,
      p_device: deviceId(),
    }),
  );
}

/**
 * rpc get_album_cover_by_token: the album's cover (a rendition path) once the link opens
 * (with its passcode when it has one); null otherwise or when the album has no photo.
 */
export async function getAlbumCoverByToken(
  backend: PublicBackend,
  accessToken: string,
  passcode: string | null,
): Promise<string | null> {
  const db = await backend.publicClient();
  return unwrap(
    await db.rpc('get_album_cover_by_token', {
      p_access_token: accessToken,
      p_passcode: passcode,
      p_device: deviceId(),
    }),
  );
}

/** rpc is_gallery_link_expired: whether the token names a link whose expiry has passed (nothing else about it). */
export async function isGalleryLinkExpired(
  backend: PublicBackend,
  accessToken: string,
): Promise<boolean> {
  const db = await backend.publicClient();
  return unwrap(await db.rpc('is_gallery_link_expired', { p_access_token: accessToken }));
}
