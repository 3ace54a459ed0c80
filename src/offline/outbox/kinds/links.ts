import type { AdminGalleryLink, GalleryLinkUpdate } from '@/lib/backend/database.types';
import {
  createGalleryLink,
  deleteGalleryLink,
  updateGalleryLink,
  type NewGalleryLink,
} from '@/lib/backend/gallery-links';
import { define, quoted, type WithId } from './define';

declare module './define' {
  interface RowTypes {
    links: AdminGalleryLink;
  }
}

/** Changes of the client links. */
export const linkKinds = {
  'link.create': define({
    version: 1,
    build: (link: NewGalleryLink & { albumName: string }) => ({
      entity: `link:${link.id}`,
      dependsOn: [`album:${link.albumId}`],
      payload: {
        id: link.id,
        albumId: link.albumId,
        accessToken: link.accessToken,
        passcode: link.passcode,
        allowDownloads: link.allowDownloads,
        // Absent in changes queued before these settings existed: the server's defaults (on, original).
        allowFavourites: link.allowFavourites,
        downloadSize: link.downloadSize,
        expiresAt: link.expiresAt,
        // For showing the waiting link; send passes only the link's own fields.
        albumName: link.albumName,
      },
      label: `Create client link for ${quoted(link.albumName)}`,
    }),
    send: ({ albumName: _albumName, ...link }, { backend }) => createGalleryLink(backend, link),
    touches: ({ id }) => [`link:${id}`],
    affects: ['gallery-links', 'albums', 'dashboard'],
    apply: {
      // Its collection's name is the screen's when it knows it.
      links: (rows, change, { at, mark }) => {
        if (rows.has(change.id)) return;
        rows.set(change.id, {
          id: change.id,
          album_id: change.albumId,
          album_name: change.albumName ?? '',
          album_description: null,
          access_token: change.accessToken,
          passcode: change.passcode,
          is_active: true,
          allow_downloads: change.allowDownloads,
          allow_favourites: change.allowFavourites ?? true,
          expires_at: change.expiresAt,
          created_at: at,
          favourite_count: 0,
          download_size: change.downloadSize ?? 'original',
          opened_count: 0,
          last_opened_at: null,
          download_count: 0,
          ...mark,
        });
      },
    },
  }),
  'link.update': define({
    version: 1,
    build: (link: { id: string; albumName: string; changes: GalleryLinkUpdate }) => ({
      entity: `link:${link.id}`,
      payload: { id: link.id, changes: link.changes },
      label: `Update client link for ${quoted(link.albumName)}`,
    }),
    send: ({ id, changes }, { backend }) => updateGalleryLink(backend, id, changes),
    touches: ({ id }) => [`link:${id}`],
    affects: ['gallery-links', 'albums', 'dashboard'],
    apply: {
      links: (rows, { id, changes }, { mark }) => {
        const link = rows.get(id);
        if (link) rows.set(id, { ...link, ...changes, ...mark });
      },
    },
  }),
  'link.delete': define({
    version: 1,
    build: (link: { id: string; albumName: string }) => ({
      entity: `link:${link.id}`,
      payload: { id: link.id } satisfies WithId,
      label: `Delete client link for ${quoted(link.albumName)}`,
    }),
    send: ({ id }, { backend }) => deleteGalleryLink(backend, id),
    touches: ({ id }) => [`link:${id}`],
    affects: ['gallery-links', 'albums', 'dashboard'],
    apply: { links: (rows, { id }) => void rows.delete(id) },
  }),
};
