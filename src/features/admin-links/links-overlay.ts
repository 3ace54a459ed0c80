import type { AdminAlbumSimple, AdminGalleryLink } from '@/lib/backend/database.types';
import { applyQueuedAlbumChanges, pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { visitChange, type OutboxItem } from '@/offline/outbox/registry';

export type ShownLink = AdminGalleryLink & PendingMark;
export type AlbumOption = Pick<AdminAlbumSimple, 'id' | 'name'>;

/**
 * The collections a link can be made for: the server's list plus collections created,
 * renamed or deleted in the outbox (a link for an offline collection waits for it).
 */
export function overlayAlbumOptions(server: AlbumOption[], items: OutboxItem[]): AlbumOption[] {
  const serverIds = new Set(server.map((album) => album.id));
  const albums = applyQueuedAlbumChanges(
    server.map((album) => ({ id: album.id, name: album.name })),
    items,
    { created: (change) => ({ id: change.id, name: change.name }) },
  ).map(({ id, name }) => ({ id, name }));
  // Newest first, like the server's list: queued collections are the newest.
  const fresh = albums.filter((album) => !serverIds.has(album.id)).reverse();
  return [...fresh, ...albums.filter((album) => serverIds.has(album.id))];
}

/**
 * The links as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones added, edits merged, deletions gone), newest first.
 */
export function overlayLinks(
  server: AdminGalleryLink[],
  items: OutboxItem[],
  albums: AlbumOption[] = [],
): ShownLink[] {
  const names = new Map(albums.map((album) => [album.id, album.name]));
  const links = new Map<string, ShownLink>(
    server.map((link) => [
      link.id,
      { ...link, album_name: names.get(link.album_id) ?? link.album_name },
    ]),
  );
  const deletedAlbums = new Set<string>();
  for (const item of items) {
    visitChange(item, {
      'link.create': (change) => {
        if (links.has(change.id)) return;
        links.set(change.id, {
          id: change.id,
          album_id: change.albumId,
          album_name: names.get(change.albumId) ?? change.albumName ?? '',
          album_description: null,
          access_token: change.accessToken,
          passcode: change.passcode,
          is_active: true,
          allow_downloads: change.allowDownloads,
          allow_favourites: change.allowFavourites ?? true,
          expires_at: change.expiresAt,
          created_at: new Date(item.createdAt).toISOString(),
          favourite_count: 0,
          download_size: change.downloadSize ?? 'original',
          opened_count: 0,
          last_opened_at: null,
          download_count: 0,
          ...pendingMark(item),
        });
      },
      'link.update': ({ id, changes }) => {
        const link = links.get(id);
        if (link) links.set(id, { ...link, ...changes, ...pendingMark(item) });
      },
      'link.delete': ({ id }) => links.delete(id),
      // Deleting a collection deletes its links (on delete cascade).
      'album.delete': ({ id }) => deletedAlbums.add(id),
    });
  }
  return [...links.values()]
    .filter((link) => !deletedAlbums.has(link.album_id))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
