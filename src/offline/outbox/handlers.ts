import { createAlbum, deleteAlbum, deletePhoto, updateAlbum } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import type {
  GalleryLinkUpdate,
  PageContentInsert,
  PageContentUpdate,
  PhotographerProfileWrite,
  ServicePackageInsert,
  ServicePackageUpdate,
} from '@/lib/backend/database.types';
import { createGalleryLink, deleteGalleryLink, updateGalleryLink, type NewGalleryLink } from '@/lib/backend/gallery-links';
import { createPageSection, deletePageSection, updatePageSection } from '@/lib/backend/page-content';
import { saveProfile } from '@/lib/backend/profile';
import { createPublicGallery, deletePublicGallery, setGalleryPhotos, updatePublicGallery } from '@/lib/backend/public-galleries';
import { createServicePackage, deleteServicePackage, updateServicePackage } from '@/lib/backend/service-packages';
import { saveSiteSettings, type SiteSettings } from '@/lib/backend/site-settings';
import { uploadToPhotos } from '@/lib/backend/storage';
import type { AlbumChange, FileUploadPayload, GalleryChange } from './changes';
import type { AdminDatabase } from './db';
import type { ChangeHandler } from './sync-engine';
import { forgetUpload, sendPhotoUpload, type PhotoUploadPayload } from './upload-pipeline';

type Handlers = Record<string, ChangeHandler>;

/** Sends each kind of change of src/offline/outbox/changes.ts to the backend; all are safe to replay. */
export function createChangeHandlers(backend: Backend, db: AdminDatabase): Handlers {
  const handlers = {
    'album.create': (album: AlbumChange) => createAlbum(backend, album.id, album).then(() => undefined),
    'album.update': (album: AlbumChange) => updateAlbum(backend, album.id, album),
    'album.delete': ({ id }: { id: string }) => deleteAlbum(backend, id),
    'photo.upload': (upload: PhotoUploadPayload) => sendPhotoUpload(backend, db, upload),
    'photo.delete': ({ id }: { id: string }) => deletePhoto(backend, id),
    'gallery.save': async (gallery: GalleryChange) => {
      if (gallery.isNew) await createPublicGallery(backend, gallery.id, gallery);
      else await updatePublicGallery(backend, gallery.id, gallery);
      await setGalleryPhotos(backend, gallery.id, gallery.photoIds);
    },
    'gallery.delete': ({ id }: { id: string }) => deletePublicGallery(backend, id),
    'link.create': (link: NewGalleryLink) => createGalleryLink(backend, link),
    'link.update': ({ id, changes }: { id: string; changes: GalleryLinkUpdate }) => updateGalleryLink(backend, id, changes),
    'link.delete': ({ id }: { id: string }) => deleteGalleryLink(backend, id),
    'file.upload': async ({ blobKey, path, contentType }: FileUploadPayload) => {
      const stored = await db.blobs.get(blobKey);
      if (!stored) return; // sent earlier; only the outbox entry was left
      await uploadToPhotos(backend, path, stored.blob, contentType);
      await db.blobs.delete(blobKey);
    },
    'profile.save': (profile: PhotographerProfileWrite) => saveProfile(backend, profile),
    'content.create': (section: PageContentInsert & { id: string }) => createPageSection(backend, section),
    'content.update': ({ id, changes }: { id: string; changes: PageContentUpdate }) => updatePageSection(backend, id, changes),
    'content.delete': ({ id }: { id: string }) => deletePageSection(backend, id),
    'service.create': (service: ServicePackageInsert & { id: string }) => createServicePackage(backend, service),
    'service.update': ({ id, changes }: { id: string; changes: ServicePackageUpdate }) => updateServicePackage(backend, id, changes),
    'service.delete': ({ id }: { id: string }) => deleteServicePackage(backend, id),
    'settings.save': (settings: SiteSettings) => saveSiteSettings(backend, settings),
  };
  return handlers as unknown as Handlers;
}

/** Frees what a discarded change kept locally (an upload's bytes). */
export async function cleanUpDiscarded(db: AdminDatabase, kind: string, payload: unknown): Promise<void> {
  if (kind === 'photo.upload') await forgetUpload(db, (payload as PhotoUploadPayload).photoId);
  if (kind === 'file.upload') await db.blobs.delete((payload as FileUploadPayload).blobKey);
}
