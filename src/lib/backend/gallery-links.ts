import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { AdminGalleryLink, LinkDownloadSize } from './database.types';
import { unwrap } from './errors';
import { rowsById } from './rows-by-id';

/** rpc admin_list_gallery_links: every link with its album's name, newest first. */
export async function listGalleryLinks(backend: Backend): Promise<AdminGalleryLink[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_gallery_links', authPair(backend)));
}

/** rpc generate_access_token: a new unguessable URL-safe token. */
export async function generateAccessToken(backend: Backend): Promise<string> {
  return unwrap(await backend.adminClient.rpc('generate_access_token'));
}

export interface NewGalleryLink {
  id: string;
  albumId: string;
  accessToken: string;
  passcode: string | null;
  allowDownloads: boolean;
  /** Whether clients may pick favourites; on unless said otherwise. */
  allowFavourites?: boolean;
  /** What downloads give clients; the original unless said otherwise. */
  downloadSize?: LinkDownloadSize;
  expiresAt: string | null;
}

/** insert into gallery_links; a replay of the same id is ignored rather than duplicated. */
export async function createGalleryLink(backend: Backend, link: NewGalleryLink): Promise<void> {
  unwrap(
    await backend.adminClient.from('gallery_links').upsert(
      {
        id: link.id,
        album_id: link.albumId,
        access_token: link.accessToken,
        passcode: link.passcode,
        allow_downloads: link.allowDownloads,
        allow_favourites: link.allowFavourites ?? true,
        download_size: link.downloadSize ?? 'original',
        expires_at: link.expiresAt,
      },
      { onConflict: 'id', ignoreDuplicates: true },
    ),
  );
}

/**
 * update gallery_links by id: passcode, allow_downloads, allow_favourites, expires_at; or
 * is_active alone. delete from gallery_links by id. Both safe to replay (rows-by-id.ts).
 */
export const { update: updateGalleryLink, remove: deleteGalleryLink } = rowsById('gallery_links');
