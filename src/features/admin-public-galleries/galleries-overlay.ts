import type { AdminPublicGallery } from '@/lib/backend/database.types';
import { pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { isChangeOf, payloadsOf, visitChange, type OutboxItem } from '@/offline/outbox/registry';

/** A gallery as the admin should see it, marked when a change to it still waits in the outbox. */
export type ShownGallery = AdminPublicGallery & PendingMark;

/**
 * The galleries as the admin should see them: the server's list with the outbox's waiting
 * 'gallery.save' and 'gallery.delete' changes applied, newest first.
 */
export function overlayGalleries(
  server: AdminPublicGallery[],
  items: OutboxItem[],
): ShownGallery[] {
  const galleries = new Map<string, ShownGallery>(
    server.map((gallery) => [gallery.id, { ...gallery }]),
  );
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
          photo_layout: change.photoLayout ?? known?.photo_layout ?? 'square',
          photo_count: change.photoIds.length,
          ...pendingMark(item),
        });
      },
      'gallery.delete': ({ id }) => galleries.delete(id),
    });
  }
  return [...galleries.values()].sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  );
}

/**
 * The gallery's photos with the additions still waiting after its last waiting save (select
 * mode's 'Add to public gallery…'), so an edit started meanwhile keeps them.
 */
export function withPendingAdditions(
  galleryId: string,
  photoIds: string[],
  items: OutboxItem[],
): string[] {
  let lastSave = -1;
  items.forEach((item, index) => {
    if (isChangeOf(item, 'gallery.save') && item.payload.id === galleryId) lastSave = index;
  });
  const result = [...photoIds];
  for (const item of items.slice(lastSave + 1)) {
    visitChange(item, {
      'gallery.addPhotos': (addition) => {
        if (addition.galleryId !== galleryId) return;
        for (const id of addition.photoIds) if (!result.includes(id)) result.push(id);
      },
    });
  }
  return result;
}

/** The photo ids of the gallery's latest waiting save, if any: what the edit dialog should preselect. */
export function pendingGalleryPhotoIds(
  galleryId: string,
  items: OutboxItem[],
): string[] | undefined {
  return payloadsOf(items, 'gallery.save')
    .filter((change) => change.id === galleryId)
    .at(-1)?.photoIds;
}
