import type { AdminPublicGallery } from '@/lib/backend/database.types';
import { pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { payloadsOf, visitChange, type OutboxItem } from '@/offline/outbox/registry';

/** A gallery as the admin should see it, marked when a change to it still waits in the outbox. */
export type ShownGallery = AdminPublicGallery & PendingMark;

/**
 * The galleries as the admin should see them: the server's list with the outbox's waiting
 * 'gallery.save' and 'gallery.delete' changes applied, newest first.
 */
export function overlayGalleries(server: AdminPublicGallery[], items: OutboxItem[]): ShownGallery[] {
  const galleries = new Map<string, ShownGallery>(server.map((gallery) => [gallery.id, { ...gallery }]));
  for (const item of items) {
    visitChange(item, {
      'gallery.save': (change) => {
        const known = galleries.get(change.id);
        galleries.set(change.id, {
          id: change.id,
          created_at: known?.created_at ?? new Date(item.createdAt).toISOString(),
          // The server picks the cover from the first photo; keep its choice until it has the change.
          cover_photo_url: change.photoIds.length === 0 ? null : (known?.cover_photo_url ?? null),
          title: change.title,
          description: change.description,
          is_active: change.isActive,
          visitor_downloads: change.visitorDownloads ?? known?.visitor_downloads ?? 'web',
          photo_count: change.photoIds.length,
          ...pendingMark(item),
        });
      },
      'gallery.delete': ({ id }) => galleries.delete(id),
    });
  }
  return [...galleries.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}

/** The photo ids of the gallery's latest waiting save, if any: what the edit dialog should preselect. */
export function pendingGalleryPhotoIds(galleryId: string, items: OutboxItem[]): string[] | undefined {
  return payloadsOf(items, 'gallery.save')
    .filter((change) => change.id === galleryId)
    .at(-1)?.photoIds;
}
