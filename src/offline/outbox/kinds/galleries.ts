import type { AdminPublicGallery } from '@/lib/backend/database.types';
import {
  addPhotosToGallery,
  createPublicGallery,
  deletePublicGallery,
  setGalleryPhotos,
  updatePublicGallery,
  type PublicGalleryInput,
} from '@/lib/backend/public-galleries';
import type { QueuedChange } from '../queued-change';
import { define, photoCount, quoted, type WithId } from './define';

export interface GalleryChange extends PublicGalleryInput {
  id: string;
  isNew: boolean;
  photoIds: string[];
}

declare module './define' {
  interface RowTypes {
    galleries: AdminPublicGallery;
  }
}

/** Changes of the public galleries. */
export const galleryKinds = {
  'gallery.save': define({
    version: 1,
    build: (gallery: GalleryChange) => ({
      entity: `gallery:${gallery.id}`,
      dependsOn: gallery.photoIds.map((photoId) => `photo:${photoId}`),
      payload: gallery,
      label: `${gallery.isNew ? 'Create' : 'Update'} gallery ${quoted(gallery.title)}`,
    }),
    send: async (gallery, { backend }) => {
      if (gallery.isNew) await createPublicGallery(backend, gallery.id, gallery);
      else await updatePublicGallery(backend, gallery.id, gallery);
      await setGalleryPhotos(backend, gallery.id, gallery.photoIds);
    },
    touches: ({ id }) => [`gallery:${id}`],
    affects: ['public-galleries', 'dashboard'],
    apply: {
      galleries: (rows, change, { at, mark }) => {
        const known = rows.get(change.id);
        rows.set(change.id, {
          id: change.id,
          created_at: known?.created_at ?? at,
          // The server picks the cover from the first photo; keep its choice until it has the change.
          cover_photo_url: change.photoIds.length === 0 ? null : (known?.cover_photo_url ?? null),
          title: change.title,
          description: change.description,
          is_active: change.isActive,
          visitor_downloads: change.visitorDownloads ?? known?.visitor_downloads ?? 'web',
          photo_layout: change.photoLayout ?? known?.photo_layout ?? 'square',
          photo_count: change.photoIds.length,
          ...mark,
        });
      },
    },
  }),
  'gallery.addPhotos': define({
    version: 1,
    build: (addition: { galleryId: string; galleryTitle: string; photoIds: string[] }) => ({
      entity: `gallery:${addition.galleryId}`,
      dependsOn: addition.photoIds.map((photoId) => `photo:${photoId}`),
      payload: { galleryId: addition.galleryId, photoIds: addition.photoIds },
      label: `Add ${photoCount(addition.photoIds.length)} to gallery ${quoted(addition.galleryTitle)}`,
    }),
    send: ({ galleryId, photoIds }, { backend }) =>
      addPhotosToGallery(backend, galleryId, photoIds),
    touches: ({ galleryId }) => [`gallery:${galleryId}`],
    affects: ['public-galleries', 'dashboard'],
  }),
  'gallery.delete': define({
    version: 1,
    build: (gallery: { id: string; title: string }) => ({
      entity: `gallery:${gallery.id}`,
      payload: { id: gallery.id } satisfies WithId,
      label: `Delete gallery ${quoted(gallery.title)}`,
    }),
    send: ({ id }, { backend }) => deletePublicGallery(backend, id),
    touches: ({ id }) => [`gallery:${id}`],
    affects: ['public-galleries', 'dashboard'],
    apply: { galleries: (rows, { id }) => void rows.delete(id) },
  }),
};

/**
 * The gallery's photos with the additions still waiting after its last waiting save (select
 * mode's 'Add to public gallery…'), so an edit started meanwhile keeps them.
 */
export function withPendingAdditions(
  galleryId: string,
  photoIds: string[],
  items: readonly QueuedChange[],
): string[] {
  let lastSave = -1;
  items.forEach((item, index) => {
    if (item.kind === 'gallery.save' && (item.payload as GalleryChange).id === galleryId)
      lastSave = index;
  });
  const result = [...photoIds];
  for (const item of items.slice(lastSave + 1)) {
    if (item.kind !== 'gallery.addPhotos') continue;
    const addition = item.payload as { galleryId: string; photoIds: string[] };
    if (addition.galleryId !== galleryId) continue;
    for (const id of addition.photoIds) if (!result.includes(id)) result.push(id);
  }
  return result;
}

/** The photo ids of the gallery's latest waiting save, if any: what the edit dialog should preselect. */
export function pendingGalleryPhotoIds(
  galleryId: string,
  items: readonly QueuedChange[],
): string[] | undefined {
  return items
    .filter((item) => item.kind === 'gallery.save')
    .map((item) => item.payload as GalleryChange)
    .filter((change) => change.id === galleryId)
    .at(-1)?.photoIds;
}
