import type { AdminAlbumSimple, AdminGalleryLink } from '@/lib/backend/database.types';
import { overlayRows, type PendingMark } from '@/offline/outbox/overlay';
import type { OutboxItem } from '@/offline/outbox/registry';

export type ShownLink = AdminGalleryLink & PendingMark;
export type AlbumOption = Pick<AdminAlbumSimple, 'id' | 'name'>;

/**
 * The collections a link can be made for: the server's list plus collections created,
 * renamed or deleted in the outbox (a link for an offline collection waits for it).
 */
export function overlayAlbumOptions(server: AlbumOption[], items: OutboxItem[]): AlbumOption[] {
  const serverIds = new Set(server.map((album) => album.id));
  const albums = overlayRows(
    'albums',
    server.map((album) => ({ id: album.id, name: album.name })),
    items,
  ).map(({ id, name }) => ({ id, name }));
  // Newest first, like the server's list: queued collections are the newest.
  const fresh = albums.filter((album) => !serverIds.has(album.id)).reverse();
  return [...fresh, ...albums.filter((album) => serverIds.has(album.id))];
}

/**
 * The links as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones added, edits merged, deletions gone, with their collection's),
 * newest first, named after the collections as the screen knows them.
 */
export function overlayLinks(
  server: AdminGalleryLink[],
  items: OutboxItem[],
  albums: AlbumOption[] = [],
): ShownLink[] {
  const names = new Map(albums.map((album) => [album.id, album.name]));
  return overlayRows('links', server, items)
    .map((link) => ({ ...link, album_name: names.get(link.album_id) ?? link.album_name }))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
