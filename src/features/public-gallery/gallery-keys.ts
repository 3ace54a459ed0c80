/** Query keys of what visitors read on gallery pages (never under 'admin'). */
export const galleryKeys = {
  gallery: (id: string) => ['public-gallery', id] as const,
  galleryPhotos: (id: string) => ['public-gallery', id, 'photos'] as const,
  album: (id: string) => ['public-album', id] as const,
  albumPhotos: (id: string) => ['public-album', id, 'photos'] as const,
};
