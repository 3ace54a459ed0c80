import type { GalleryLinkUpdate } from '@/lib/backend/database.types';
import {
  createGalleryLink,
  deleteGalleryLink,
  updateGalleryLink,
  type NewGalleryLink,
} from '@/lib/backend/gallery-links';
import { define, quoted, type WithId } from './define';

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
  }),
};
