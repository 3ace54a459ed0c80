import type { AdminPhoto } from '@/lib/backend/database.types';
import { visitChange, type OutboxItem } from './registry';

/** A photo as the admin should see it: from the server, or queued for upload (with its change). */
export type PhotoWithQueue = AdminPhoto & { queued?: OutboxItem };

/**
 * The server's photos with the outbox applied: queued uploads added (once; the server's copy
 * wins when it has one), queued deletions gone. `albumName` names the album of a queued upload.
 */
export function applyQueuedPhotoChanges(
  server: AdminPhoto[],
  items: OutboxItem[],
  albumName: (albumId: string) => string,
): PhotoWithQueue[] {
  const photos = new Map<string, PhotoWithQueue>(server.map((photo) => [photo.id, { ...photo }]));
  for (const item of items) {
    visitChange(item, {
      'photo.upload': (upload) => {
        if (photos.has(upload.photoId)) return;
        photos.set(upload.photoId, {
          id: upload.photoId,
          album_id: upload.albumId,
          album_name: albumName(upload.albumId),
          filename: upload.filename,
          file_url: '',
          thumb_url: null,
          preview_url: null,
          original_filename: upload.originalFilename,
          file_size: upload.fileSize,
          width: null,
          height: null,
          mime_type: upload.mimeType,
          created_at: new Date(item.createdAt).toISOString(),
          caption: null,
          queued: item,
        });
      },
      'photo.setCaption': ({ photoId, caption }) => {
        const photo = photos.get(photoId);
        if (photo) photos.set(photoId, { ...photo, caption });
      },
      'photo.delete': ({ id }) => photos.delete(id),
      'photos.deleteMany': ({ photos: deleted }) => {
        for (const { id } of deleted) photos.delete(id);
      },
    });
  }
  return [...photos.values()];
}
