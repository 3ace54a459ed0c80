import { queryOptions } from '@tanstack/react-query';
import type { PublicBackend } from '@/lib/backend/public-client';
import {
  readPublicAlbum,
  readPublicGallery,
  streamPublicAlbumPhotos,
  streamPublicGalleryPhotos,
} from '@/lib/backend/public-galleries-read';
import { streamedPhotoList } from '@/ui/photos/photo-sources';

/** Query keys of what visitors read on gallery pages (never under 'admin'). */
export const galleryKeys = {
  gallery: (id: string) => ['public-gallery', id] as const,
  galleryPhotos: (id: string) => ['public-gallery', id, 'photos'] as const,
  album: (id: string) => ['public-album', id] as const,
  albumPhotos: (id: string) => ['public-album', id, 'photos'] as const,
};

/** The reads of the gallery pages: for the pages and for the start-up prefetch. */
export const galleryQueries = {
  gallery: (backend: PublicBackend, id: string) =>
    queryOptions({
      queryKey: galleryKeys.gallery(id),
      queryFn: () => readPublicGallery(backend, id),
    }),
  galleryPhotos: (backend: PublicBackend, id: string) =>
    queryOptions({
      queryKey: galleryKeys.galleryPhotos(id),
      queryFn: streamedPhotoList(backend, () => streamPublicGalleryPhotos(backend, id)),
    }),
  album: (backend: PublicBackend, id: string) =>
    queryOptions({ queryKey: galleryKeys.album(id), queryFn: () => readPublicAlbum(backend, id) }),
  albumPhotos: (backend: PublicBackend, id: string) =>
    queryOptions({
      queryKey: galleryKeys.albumPhotos(id),
      queryFn: streamedPhotoList(backend, () => streamPublicAlbumPhotos(backend, id)),
    }),
};
