import { useMemo } from 'react';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { useBackend } from '@/lib/backend/backend-context';
import { adminDownloadAccess } from '@/lib/downloads/download-access';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { photoCount } from '@/ui/format';
import { useZipDownload } from '@/ui/photos/use-zip-download';
import type { ShownPhoto } from './albums-overlay';
import type { usePhotoSelection } from './use-photo-selection';

interface AlbumActionsOptions {
  albumId: string;
  albumName: string;
  /** The photos as shown, in the collection's order, and those of them on the server. */
  photos: ShownPhoto[];
  onServer: ShownPhoto[];
  selection: ReturnType<typeof usePhotoSelection>;
  /** Shows the order of a drop until the photos are read again; null takes it back. */
  dropped: (photoIds: string[] | null) => void;
}

/**
 * What the collection's page does to its photos: each queues a change in the outbox, which
 * tells how it went in a toast. A selection that was deleted or added to a gallery ends select mode.
 */
export function useAlbumActions({
  albumId,
  albumName,
  photos,
  onServer,
  selection,
  dropped,
}: AlbumActionsOptions) {
  const backend = useBackend();
  const submit = useSubmitChange();
  // Downloading a selection is a read, not a change: nothing to queue. The originals come with this admin's session.
  const adminAccess = useMemo(() => adminDownloadAccess(backend), [backend]);
  const zip = useZipDownload(albumName, adminAccess);

  const reorder = async (photoIds: string[]) => {
    dropped(photoIds);
    const result = await submit(
      newChange('album.reorderPhotos', { albumId, albumName, photoIds }),
      {
        success: 'Order saved',
        successDescription: 'Visitors and clients see the photos in this order.',
        failure: 'Failed to save the order. Please try again.',
        preferServerMessage: true,
      },
    );
    if (result === 'failed') dropped(null);
  };

  const setCover = async (photo: ShownPhoto) => {
    await submit(
      newChange('album.setCover', {
        albumId,
        photoId: photo.id,
        coverUrl: photoDisplayUrl(photo),
        albumName,
        photoName: photo.original_filename,
      }),
      {
        success: 'Cover set',
        successDescription: `${photo.original_filename} is now the cover of ${albumName}.`,
        failure: 'Failed to set the cover. Please try again.',
        preferServerMessage: true,
      },
    );
  };

  const saveCaption = async (photo: ShownPhoto, caption: string | null) => {
    const result = await submit(
      newChange('photo.setCaption', {
        photoId: photo.id,
        albumId,
        caption,
        photoName: photo.original_filename,
      }),
      {
        success: caption ? 'Caption saved' : 'Caption removed',
        successDescription: caption
          ? `Visitors and clients who cannot see ${photo.original_filename} hear it described.`
          : undefined,
        failure: 'Failed to save the caption. Please try again.',
        preferServerMessage: true,
      },
    );
    return result !== 'failed';
  };

  const removePhoto = async (photo: ShownPhoto) => {
    await submit(
      newChange('photo.delete', {
        id: photo.id,
        albumId,
        filename: photo.filename,
        name: photo.original_filename,
      }),
      {
        success: 'Photo deleted',
        successDescription: `${photo.original_filename} was removed from the collection.`,
        failure: 'Failed to delete photo. Please try again.',
      },
    );
  };

  const removeSelected = async () => {
    const chosen = photos.filter((photo) => selection.isSelected(photo.id));
    if (chosen.length === 0) return;
    const result = await submit(
      newChange('photos.deleteMany', {
        albumId,
        albumName,
        photos: chosen.map((photo) => ({ id: photo.id, filename: photo.filename })),
      }),
      {
        success: `${photoCount(chosen.length)} deleted`,
        successDescription: `They were removed from ${albumName}.`,
        failure: 'Failed to delete photos. Please try again.',
      },
    );
    if (result !== 'failed') selection.stop();
  };

  const downloadSelected = () => {
    // In the collection's order, as the zip's entries.
    const chosen = onServer.filter((photo) => selection.isSelected(photo.id));
    void zip.download(
      chosen.map((photo) => ({
        fileUrl: photo.file_url,
        originalFilename: photo.original_filename,
        fileSize: photo.file_size,
      })),
      `${photoCount(chosen.length)} downloaded as zip file`,
    );
  };

  const addSelectedToGallery = async (gallery: { id: string; title: string }) => {
    const photoIds = selection.selected;
    if (photoIds.length === 0) return;
    const result = await submit(
      newChange('gallery.addPhotos', {
        galleryId: gallery.id,
        galleryTitle: gallery.title,
        photoIds,
      }),
      {
        success: `${photoCount(photoIds.length)} added to ${gallery.title}`,
        failure: 'Failed to add the photos to the gallery. Please try again.',
      },
    );
    if (result !== 'failed') selection.stop();
  };

  return {
    reorder,
    setCover,
    saveCaption,
    removePhoto,
    removeSelected,
    downloadSelected,
    /** How far the selection's zip is, or null when none is being made. */
    downloadPercent: zip.percent,
    addSelectedToGallery,
  };
}
