import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { AdminPublicGallery, PhotoLayout, VisitorDownloads } from './database.types';
import { unwrap } from './errors';

export interface PublicGalleryInput {
  title: string;
  /** Sent as null when empty (SPEC §5). */
  description: string | null;
  isActive: boolean;
  /** Absent in changes queued before it existed: a new gallery gets 'web', an edit keeps the setting. */
  visitorDownloads?: VisitorDownloads;
  /** Absent in changes queued before it existed: a new gallery gets 'square', an edit keeps the setting. */
  photoLayout?: PhotoLayout;
}

/** rpc admin_list_public_galleries. */
export async function listPublicGalleries(backend: Backend): Promise<AdminPublicGallery[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_public_galleries', authPair(backend)));
}

/** rpc admin_create_public_gallery with a browser-made id. */
export async function createPublicGallery(
  backend: Backend,
  id: string,
  input: PublicGalleryInput,
): Promise<string> {
  return unwrap(
    await backend.adminClient.rpc('admin_create_public_gallery', {
      ...authPair(backend),
      p_id: id,
      p_title: input.title,
      p_description: input.description,
      p_is_active: input.isActive,
      p_visitor_downloads: input.visitorDownloads ?? null,
      p_photo_layout: input.photoLayout ?? null,
    }),
  );
}

/** rpc admin_update_public_gallery. */
export async function updatePublicGallery(
  backend: Backend,
  galleryId: string,
  input: PublicGalleryInput,
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_update_public_gallery', {
      ...authPair(backend),
      p_gallery_id: galleryId,
      p_title: input.title,
      p_description: input.description,
      p_is_active: input.isActive,
      p_visitor_downloads: input.visitorDownloads ?? null,
      p_photo_layout: input.photoLayout ?? null,
    }),
  );
}

/** rpc admin_add_photos_to_gallery: the gallery shows exactly these photos, in this order. */
export async function setGalleryPhotos(
  backend: Backend,
  galleryId: string,
  photoIds: string[],
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_add_photos_to_gallery', {
      ...authPair(backend),
      p_gallery_id: galleryId,
      p_photo_ids: photoIds,
    }),
  );
}

/** rpc admin_delete_public_gallery. */
export async function deletePublicGallery(backend: Backend, galleryId: string): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_delete_public_gallery', {
      ...authPair(backend),
      p_gallery_id: galleryId,
    }),
  );
}

/**
 * Adds photos at the end of a gallery (those it already shows keep their place): reads its list,
 * then sets it with the new ones after it. Safe to replay: a second call adds nothing.
 */
export async function addPhotosToGallery(
  backend: Backend,
  galleryId: string,
  photoIds: string[],
): Promise<void> {
  const current = await listGalleryPhotoIds(backend, galleryId);
  const shown = new Set(current);
  await setGalleryPhotos(backend, galleryId, [
    ...current,
    ...photoIds.filter((id) => !shown.has(id)),
  ]);
}

/** read public_gallery_photos.photo_id for a gallery, in order (to preselect photos on edit). */
export async function listGalleryPhotoIds(backend: Backend, galleryId: string): Promise<string[]> {
  const rows = unwrap(
    await backend.adminClient
      .from('public_gallery_photos')
      .select('photo_id')
      .eq('public_gallery_id', galleryId)
      .order('sort_order'),
  );
  return rows.map((row) => row.photo_id);
}
