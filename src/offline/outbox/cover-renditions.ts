import { listMissingCovers, recordCoverRendition } from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import { photosObjectName, renditionName } from '@/lib/backend/photo-objects';
import { downloadFromPhotos, removePhotoObjects, uploadToPhotos } from '@/lib/backend/storage';
import { makeCoverRendition } from './renditions';

/**
 * Cover renditions for photos uploaded before there were any (issue 34; docs/offline.md,
 * "Cover renditions"). A collection whose cover photo is that old would open on its 2048 px
 * preview, so the admin app, once signed in and online, asks which covers lack one and queues a
 * 'photo.makeCover' change for each: the sync list shows them, the queue sends them in order,
 * retries them and keeps them across a reload, so the work resumes where it stopped.
 */
export interface CoverRenditionPayload {
  photoId: string;
  albumId: string;
  /** The photo's preview, which the cover is made from (the original is private and large). */
  previewUrl: string;
  /** The photo's name, for the sync list and a refusal's message. */
  name: string;
}

/**
 * Makes a photo's cover rendition from its preview in the renditions worker, stores it under
 * the photo's own name (an upsert) and records it. Safe to replay. A photo deleted meanwhile
 * leaves nothing: its preview is gone (nothing to do), or the record says so and the stored
 * cover is removed again.
 */
export async function sendCoverRendition(
  backend: Backend,
  { photoId, albumId, previewUrl, name }: CoverRenditionPayload,
): Promise<void> {
  const previewName = photosObjectName(previewUrl);
  if (!previewName) return;
  let preview: Blob;
  try {
    preview = await downloadFromPhotos(backend, previewName);
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) return;
    throw error;
  }
  const cover = await makeCoverRendition(preview, name);
  const coverName = renditionName(albumId, photoId, 'cover');
  const coverUrl = await uploadToPhotos(backend, coverName, cover, cover.type);
  if (!(await recordCoverRendition(backend, photoId, coverUrl)))
    await removePhotoObjects(backend, [coverName]);
}

/** The covers to make: every collection's cover photo without one, but those already queued. */
export async function missingCovers(
  backend: Backend,
  queued: ReadonlySet<string>,
): Promise<CoverRenditionPayload[]> {
  return (await listMissingCovers(backend))
    .filter((missing) => !queued.has(missing.photo_id))
    .map((missing) => ({
      photoId: missing.photo_id,
      albumId: missing.album_id,
      previewUrl: missing.preview_url,
      name: missing.original_filename,
    }));
}
