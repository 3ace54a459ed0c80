import {
  addPhotosToGallery,
  createPublicGallery,
  deletePublicGallery,
  setGalleryPhotos,
  updatePublicGallery,
  type PublicGalleryInput,
} from '@/lib/backend/public-galleries';
import { define, photoCount, quoted, type WithId } from './define';

export interface GalleryChange extends PublicGalleryInput {
  id: string;
  isNew: boolean;
  photoIds: string[];
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
  }),
};
