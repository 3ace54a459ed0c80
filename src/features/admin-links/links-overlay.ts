import type { AdminAlbumSimple, AdminGalleryLink, GalleryLinkUpdate } from '@/lib/backend/database.types';
import type { NewGalleryLink } from '@/lib/backend/gallery-links';
import type { AlbumChange } from '@/offline/changes';
import type { OutboxItem } from '@/offline/sync-engine';

/** How a row stands against the outbox: on the server, or with a change still waiting. */
export interface PendingMark {
  pending?: boolean;
  /** The server refused the waiting change; the sync list offers retry or discard. */
  syncError?: string;
}

export type ShownLink = AdminGalleryLink & PendingMark;
export type AlbumOption = Pick<AdminAlbumSimple, 'id' | 'name'>;

const markOf = (item: OutboxItem): PendingMark => ({ pending: true, syncError: item.status === 'failed' ? item.error : undefined });

/** The collection name inside a change's label ('Create client link for “Smith”'). */
function quotedName(label: string): string {
  return /“(.*)”/.exec(label)?.[1] ?? '';
}

/**
 * The collections a link can be made for: the server's list plus collections created,
 * renamed or deleted in the outbox (a link for an offline collection waits for it).
 */
export function overlayAlbumOptions(server: AlbumOption[], items: OutboxItem[]): AlbumOption[] {
  const albums = new Map<string, AlbumOption>(server.map((album) => [album.id, { id: album.id, name: album.name }]));
  const created: AlbumOption[] = [];
  for (const item of items) {
    if (item.kind === 'album.create' || item.kind === 'album.update') {
      const change = item.payload as AlbumChange;
      const known = albums.get(change.id);
      if (known) known.name = change.name;
      else if (item.kind === 'album.create') {
        const album = { id: change.id, name: change.name };
        albums.set(album.id, album);
        created.push(album);
      }
    } else if (item.kind === 'album.delete') {
      albums.delete((item.payload as { id: string }).id);
    }
  }
  // Newest first, like the server's list: queued collections are the newest.
  const fresh = created.filter((album) => albums.has(album.id)).reverse();
  return [...fresh, ...[...albums.values()].filter((album) => !fresh.includes(album))];
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
      const change = item.payload as NewGalleryLink;
      if (links.has(change.id)) continue;
      links.set(change.id, {
        id: change.id,
        album_id: change.albumId,
        album_name: names.get(change.albumId) ?? quotedName(item.label),
        album_description: null,
        access_token: change.accessToken,
        passcode: change.passcode,
        is_active: true,
        allow_downloads: change.allowDownloads,
        expires_at: change.expiresAt,
        created_at: new Date(item.createdAt).toISOString(),
        ...markOf(item),
      });
    } else if (item.kind === 'link.update') {
      const { id, changes } = item.payload as { id: string; changes: GalleryLinkUpdate };
      const link = links.get(id);
      if (link) links.set(id, { ...link, ...changes, ...markOf(item) });
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
