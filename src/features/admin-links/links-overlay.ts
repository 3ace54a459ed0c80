import type { AdminAlbumSimple, AdminGalleryLink, GalleryLinkUpdate } from '@/lib/backend/database.types';
import type { NewGalleryLink } from '@/lib/backend/gallery-links';
import { applyQueuedAlbumChanges, pendingMark, type PendingMark } from '@/offline/outbox/pending';
import type { OutboxItem } from '@/offline/outbox/sync-engine';

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
export function overlayLinks(server: AdminGalleryLink[], items: OutboxItem[], albums: AlbumOption[] = []): ShownLink[] {
  const names = new Map(albums.map((album) => [album.id, album.name]));
  const links = new Map<string, ShownLink>(
    server.map((link) => [link.id, { ...link, album_name: names.get(link.album_id) ?? link.album_name }]),
  );
  const deletedAlbums = new Set<string>();
  for (const item of items) {
    if (item.kind === 'link.create') {
      const change = item.payload as NewGalleryLink & { albumName?: string };
      if (links.has(change.id)) continue;
      links.set(change.id, {
        id: change.id,
        album_id: change.albumId,
        album_name: names.get(change.albumId) ?? change.albumName ?? '',
        album_description: null,
        access_token: change.accessToken,
        passcode: change.passcode,
        is_active: true,
        allow_downloads: change.allowDownloads,
        expires_at: change.expiresAt,
        created_at: new Date(item.createdAt).toISOString(),
        ...pendingMark(item),
      });
    } else if (item.kind === 'link.update') {
      const { id, changes } = item.payload as { id: string; changes: GalleryLinkUpdate };
      const link = links.get(id);
      if (link) links.set(id, { ...link, ...changes, ...pendingMark(item) });
    } else if (item.kind === 'link.delete') {
      links.delete((item.payload as { id: string }).id);
    } else if (item.kind === 'album.delete') {
      // Deleting a collection deletes its links (on delete cascade).
      deletedAlbums.add((item.payload as { id: string }).id);
    }
  }
  return [...links.values()]
    .filter((link) => !deletedAlbums.has(link.album_id))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
