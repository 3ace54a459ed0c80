import type { AlbumInput } from '@/lib/backend/albums';
import type {
  GalleryLinkUpdate,
  PageContentInsert,
  PageContentUpdate,
  PhotographerProfileWrite,
  ServicePackageInsert,
  ServicePackageUpdate,
} from '@/lib/backend/database.types';
import type { NewGalleryLink } from '@/lib/backend/gallery-links';
import type { PublicGalleryInput } from '@/lib/backend/public-galleries';
import type { SiteSettings } from '@/lib/backend/site-settings';
import type { NewChange } from './sync-engine';
import type { PhotoUploadPayload } from './upload-pipeline';

/**
 * Every admin change, as the outbox stores it: a stable kind (the handler's key), the entity
 * it orders by, a serialisable payload and the label the sync list shows. Screens build their
 * changes here; src/offline/outbox/handlers.ts sends them.
 */

export interface AlbumChange extends AlbumInput {
  id: string;
}
export interface GalleryChange extends PublicGalleryInput {
  id: string;
  isNew: boolean;
  photoIds: string[];
}
export interface FileUploadPayload {
  /** Where the bytes wait in IndexedDB. */
  blobKey: string;
  /** Object name in bucket photos. */
  path: string;
  contentType: string;
}

const quoted = (text: string) => `“${text}”`;

export const changes = {
  createAlbum: (album: AlbumChange): NewChange<AlbumChange> => ({
    kind: 'album.create',
    entity: `album:${album.id}`,
    payload: album,
    label: `Create collection ${quoted(album.name)}`,
  }),
  updateAlbum: (album: AlbumChange): NewChange<AlbumChange> => ({
    kind: 'album.update',
    entity: `album:${album.id}`,
    payload: album,
    label: `Update collection ${quoted(album.name)}`,
  }),
  deleteAlbum: (album: { id: string; name: string }): NewChange<{ id: string }> => ({
    kind: 'album.delete',
    entity: `album:${album.id}`,
    payload: { id: album.id },
    label: `Delete collection ${quoted(album.name)}`,
  }),
  uploadPhoto: (upload: PhotoUploadPayload): NewChange<PhotoUploadPayload> => ({
    id: upload.photoId,
    kind: 'photo.upload',
    entity: `photo:${upload.photoId}`,
    dependsOn: [`album:${upload.albumId}`],
    payload: upload,
    label: `Upload ${upload.originalFilename}`,
  }),
  deletePhoto: (photo: { id: string; albumId: string; name: string }): NewChange<{ id: string; albumId: string }> => ({
    kind: 'photo.delete',
    entity: `photo:${photo.id}`,
    dependsOn: [`album:${photo.albumId}`],
    payload: { id: photo.id, albumId: photo.albumId },
    label: `Delete photo ${photo.name}`,
  }),
  saveGallery: (gallery: GalleryChange): NewChange<GalleryChange> => ({
    kind: 'gallery.save',
    entity: `gallery:${gallery.id}`,
    dependsOn: gallery.photoIds.map((photoId) => `photo:${photoId}`),
    payload: gallery,
    label: `${gallery.isNew ? 'Create' : 'Update'} gallery ${quoted(gallery.title)}`,
  }),
  deleteGallery: (gallery: { id: string; title: string }): NewChange<{ id: string }> => ({
    kind: 'gallery.delete',
    entity: `gallery:${gallery.id}`,
    payload: { id: gallery.id },
    label: `Delete gallery ${quoted(gallery.title)}`,
  }),
  createLink: (link: NewGalleryLink & { albumName: string }): NewChange<NewGalleryLink & { albumName: string }> => ({
    kind: 'link.create',
    entity: `link:${link.id}`,
    dependsOn: [`album:${link.albumId}`],
    payload: {
      id: link.id,
      albumId: link.albumId,
      accessToken: link.accessToken,
      passcode: link.passcode,
      allowDownloads: link.allowDownloads,
      expiresAt: link.expiresAt,
      // For showing the waiting link; the handler sends only the link's own fields.
      albumName: link.albumName,
    },
    label: `Create client link for ${quoted(link.albumName)}`,
  }),
  updateLink: (link: {
    id: string;
    albumName: string;
    changes: GalleryLinkUpdate;
  }): NewChange<{ id: string; changes: GalleryLinkUpdate }> => ({
    kind: 'link.update',
    entity: `link:${link.id}`,
    payload: { id: link.id, changes: link.changes },
    label: `Update client link for ${quoted(link.albumName)}`,
  }),
  deleteLink: (link: { id: string; albumName: string }): NewChange<{ id: string }> => ({
    kind: 'link.delete',
    entity: `link:${link.id}`,
    payload: { id: link.id },
    label: `Delete client link for ${quoted(link.albumName)}`,
  }),
  uploadFile: (file: FileUploadPayload & { name: string }): NewChange<FileUploadPayload> => ({
    kind: 'file.upload',
    entity: `file:${file.path}`,
    payload: { blobKey: file.blobKey, path: file.path, contentType: file.contentType },
    label: `Upload ${file.name}`,
  }),
  saveProfile: (profile: PhotographerProfileWrite, waitFor: string[] = []): NewChange<PhotographerProfileWrite> => ({
    kind: 'profile.save',
    entity: 'profile',
    dependsOn: waitFor.map((path) => `file:${path}`),
    payload: profile,
    label: 'Save profile',
  }),
  createSection: (section: PageContentInsert & { id: string }): NewChange<PageContentInsert & { id: string }> => ({
    kind: 'content.create',
    entity: `content:${section.id}`,
    payload: section,
    label: `Add section ${quoted(section.section_name)}`,
  }),
  updateSection: (section: {
    id: string;
    name: string;
    changes: PageContentUpdate;
  }): NewChange<{ id: string; changes: PageContentUpdate }> => ({
    kind: 'content.update',
    entity: `content:${section.id}`,
    payload: { id: section.id, changes: section.changes },
    label: `Update section ${quoted(section.name)}`,
  }),
  deleteSection: (section: { id: string; name: string }): NewChange<{ id: string }> => ({
    kind: 'content.delete',
    entity: `content:${section.id}`,
    payload: { id: section.id },
    label: `Delete section ${quoted(section.name)}`,
  }),
  createService: (service: ServicePackageInsert & { id: string }): NewChange<ServicePackageInsert & { id: string }> => ({
    kind: 'service.create',
    entity: `service:${service.id}`,
    payload: service,
    label: `Add service ${quoted(service.name)}`,
  }),
  updateService: (service: {
    id: string;
    name: string;
    changes: ServicePackageUpdate;
  }): NewChange<{ id: string; changes: ServicePackageUpdate }> => ({
    kind: 'service.update',
    entity: `service:${service.id}`,
    payload: { id: service.id, changes: service.changes },
    label: `Update service ${quoted(service.name)}`,
  }),
  deleteService: (service: { id: string; name: string }): NewChange<{ id: string }> => ({
    kind: 'service.delete',
    entity: `service:${service.id}`,
    payload: { id: service.id },
    label: `Delete service ${quoted(service.name)}`,
  }),
  saveSettings: (settings: SiteSettings, waitFor: string[] = []): NewChange<SiteSettings> => ({
    kind: 'settings.save',
    entity: 'site-settings',
    dependsOn: waitFor.map((path) => `file:${path}`),
    payload: settings,
    label: 'Save site design',
  }),
};
