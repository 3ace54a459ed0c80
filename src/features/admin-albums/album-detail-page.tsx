import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckSquare, ImagePlus, Images } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getAlbum, listPhotos } from '@/lib/backend/albums';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { useBackend } from '@/lib/backend/backend-context';
import { adminDownloadAccess } from '@/lib/downloads/download-access';
import { changes } from '@/offline/outbox/registry';
import { useLocalThumbnails } from '@/offline/outbox/local-previews';
import {
  useOutboxSnapshot,
  usePendingChanges,
  useSubmitChange,
} from '@/offline/outbox/outbox-provider';
import { usePhotoUploads } from '@/offline/outbox/photo-uploads';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { photoCount } from '@/ui/format';
import { PageLoader } from '@/ui/page-loader';
import { useZipDownload } from '@/ui/photos/use-zip-download';
import { toShownPhotos } from '@/ui/photos/photo-sources';
import { useErrorToast } from '@/ui/use-error-toast';
import { AddPhotosDialog } from './add-photos-dialog';
import { CaptionDialog } from './caption-dialog';
import { albumKeys } from './album-keys';
import {
  coverPhotoId,
  inOrder,
  overlayAlbums,
  overlayPhotos,
  type ShownPhoto,
} from './albums-overlay';
import { PhotoTile } from './photo-tile';
import { GalleryChoiceDialog } from './gallery-choice-dialog';
import { SelectToolbar } from './select-toolbar';
import { ShareButton } from './share-link-panel';
import { usePhotoSelection } from './use-photo-selection';
import { SortablePhotoGrid } from './sortable-photo-grid';
import { UploadProgress } from './upload-progress';

function BackLink() {
  return (
    <Link
      to="/admin/albums"
      className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to Collections
    </Link>
  );
}

// The viewer (yet-another-react-lightbox) loads when a photo is first opened.
const PhotoViewer = lazy(async () => ({
  default: (await import('@/ui/photos/photo-viewer')).PhotoViewer,
}));

/** /admin/albums/{id}: the album's photos, 'Add Photos' with progress, delete, reorder, 'Set as cover' and select mode (SPEC §2, issue 20). */
export function AlbumDetailPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const submit = useSubmitChange();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ShownPhoto | null>(null);
  const [captioning, setCaptioning] = useState<ShownPhoto | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [deletingSelected, setDeletingSelected] = useState(false);
  const [choosingGallery, setChoosingGallery] = useState(false);
  /** The photo open in the viewer (its index among the viewable ones), or null; undefined until one is first opened. */
  const [viewing, setViewing] = useState<number | null | undefined>(undefined);
  const uploads = usePhotoUploads(id);
  const { finished: uploadsFinished, clear: clearUploads } = uploads;
  const hasUploads = uploads.entries.length > 0;
  // A batch that finished while its dialog was closed has nothing left to show.
  useEffect(() => {
    if (hasUploads && uploadsFinished && !adding) clearUploads();
  }, [hasUploads, uploadsFinished, adding, clearUploads]);

  const album = useQuery({ queryKey: albumKeys.detail(id), queryFn: () => getAlbum(backend, id) });
  const photos = useQuery({
    queryKey: albumKeys.photos(id),
    queryFn: () => listPhotos(backend, id),
  });

  const pending = usePendingChanges(
    'album.create',
    'album.update',
    'album.delete',
    'album.setCover',
    'album.reorderPhotos',
    'photo.upload',
    'photo.setCaption',
    'photo.delete',
    'photos.deleteMany',
  );
  const { sendingId } = useOutboxSnapshot();
  const shownAlbum = useMemo(() => {
    const server = album.data ? [{ ...album.data, preview_photo: null }] : [];
    return overlayAlbums(server, pending).find((candidate) => candidate.id === id);
  }, [album.data, pending, id]);
  const queuedPhotos = useMemo(
    () => overlayPhotos(id, shownAlbum?.name ?? '', photos.data ?? [], pending, sendingId),
    [id, shownAlbum?.name, photos.data, pending, sendingId],
  );
  const { shown: shownPhotos, dropped } = useDroppedOrder(queuedPhotos, photos.dataUpdatedAt);
  const coverId = coverPhotoId(id, album.data?.cover_photo_id ?? null, shownPhotos, pending);
  // Select mode chooses among the photos on the server.
  const selection = usePhotoSelection(
    shownPhotos.filter((photo) => !photo.pending).map((photo) => photo.id),
  );
  // A collection still waiting in the outbox is not on the server yet: nothing failed.
  useErrorToast(
    shownAlbum?.pending ? null : (album.error ?? photos.error),
    'Failed to load album. Please try again.',
  );
  const localThumbnails = useLocalThumbnails(
    shownPhotos.filter((photo) => photo.pending).map((photo) => photo.id),
  );
  // The photos on the server, as the viewer shows them (its preview rendition).
  const viewable = useMemo(
    () =>
      toShownPhotos(
        backend,
        shownPhotos.filter((photo) => !photo.pending),
      ),
    [backend, shownPhotos],
  );
  // Downloading a selection is a read, not a change: nothing to queue. The originals come with this admin's session.
  const adminAccess = useMemo(() => adminDownloadAccess(backend), [backend]);
  const zip = useZipDownload(shownAlbum?.name ?? '', adminAccess);

  const openPhoto = (photoId: string) => {
    // A photo without a rendition to show (none was made) does not open.
    const index = viewable.findIndex((candidate) => candidate.id === photoId);
    if (index !== -1) setViewing(index);
  };
  const closeViewer = (last: number) => {
    setViewing(null);
    // Focus back on the photo shown last, as the public galleries do.
    const shown = viewable[last];
    if (shown)
      document
        .querySelector<HTMLElement>(`[data-photo-id="${shown.id}"] [data-open-photo]`)
        ?.focus();
  };

  if (!shownAlbum && (album.isPending || photos.isPending)) return <PageLoader />;
  if (!shownAlbum) {
    return (
      <>
        <BackLink />
        <EmptyState
          icon={Images}
          title="Collection not found"
          description="It may have been deleted."
        />
      </>
    );
  }

  const reorder = async (photoIds: string[]) => {
    dropped(photoIds);
    const result = await submit(
      changes.reorderPhotos({ albumId: id, albumName: shownAlbum.name, photoIds }),
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
      changes.setAlbumCover({
        albumId: id,
        photoId: photo.id,
        coverUrl: photoDisplayUrl(photo),
        albumName: shownAlbum.name,
        photoName: photo.original_filename,
      }),
      {
        success: 'Cover set',
        successDescription: `${photo.original_filename} is now the cover of ${shownAlbum.name}.`,
        failure: 'Failed to set the cover. Please try again.',
        preferServerMessage: true,
      },
    );
  };

  const saveCaption = async (photo: ShownPhoto, caption: string | null) => {
    const result = await submit(
      changes.setPhotoCaption({
        photoId: photo.id,
        albumId: id,
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

  const stopSelecting = () => {
    setSelecting(false);
    selection.clear();
  };
  const removeSelected = async () => {
    const chosen = shownPhotos.filter((photo) => selection.isSelected(photo.id));
    if (chosen.length === 0) return;
    const result = await submit(
      changes.deletePhotos({
        albumId: id,
        albumName: shownAlbum.name,
        photos: chosen.map((photo) => ({ id: photo.id, filename: photo.filename })),
      }),
      {
        success: `${photoCount(chosen.length)} deleted`,
        successDescription: `They were removed from ${shownAlbum.name}.`,
        failure: 'Failed to delete photos. Please try again.',
      },
    );
    if (result !== 'failed') stopSelecting();
  };

  const downloadSelected = () => {
    // In the collection's order, as the zip's entries.
    const chosen = shownPhotos.filter((photo) => selection.isSelected(photo.id) && !photo.pending);
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
      changes.addPhotosToGallery({ galleryId: gallery.id, galleryTitle: gallery.title, photoIds }),
      {
        success: `${photoCount(photoIds.length)} added to ${gallery.title}`,
        failure: 'Failed to add the photos to the gallery. Please try again.',
      },
    );
    if (result !== 'failed') stopSelecting();
  };

  const removePhoto = async (photo: ShownPhoto) => {
    await submit(
      changes.deletePhoto({
        id: photo.id,
        albumId: id,
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

  return (
    <>
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl break-words sm:text-3xl">{shownAlbum.name}</h1>
          {shownAlbum.description && (
            <p className="mt-1 max-w-2xl text-sm break-words text-muted-foreground">
              {shownAlbum.description}
            </p>
          )}
          <p
            className="mt-2 text-sm font-medium text-muted-foreground"
            data-testid="album-photo-count"
          >
            {photoCount(shownPhotos.length)}
          </p>
        </div>
        {/* Full width on phones, side by side. */}
        <div className="flex gap-2 *:flex-1 sm:*:flex-none">
          <ShareButton albumId={id} albumName={shownAlbum.name} />
          {shownPhotos.some((photo) => !photo.pending) && !selecting && (
            <Button variant="outline" onClick={() => setSelecting(true)}>
              <CheckSquare aria-hidden /> Select
            </Button>
          )}
          <Button onClick={() => setAdding(true)}>
            <ImagePlus aria-hidden /> Add Photos
          </Button>
        </div>
      </div>
      {selecting && (
        <SelectToolbar
          count={selection.selected.length}
          total={shownPhotos.filter((photo) => !photo.pending).length}
          onSelectAll={selection.selectAll}
          onAddToGallery={() => setChoosingGallery(true)}
          onDownload={downloadSelected}
          downloadPercent={zip.percent}
          onDelete={() => setDeletingSelected(true)}
          onDone={stopSelecting}
        />
      )}

      {!uploads.finished && !adding && (
        <UploadProgress uploads={uploads} onShowDetails={() => setAdding(true)} />
      )}

      {shownPhotos.length === 0 ? (
        <EmptyState
          icon={Images}
          title="No photos yet"
          description="Start by uploading some photos to this collection."
          action={
            <Button onClick={() => setAdding(true)}>
              <ImagePlus aria-hidden /> Add Photos
            </Button>
          }
        />
      ) : (
        <SortablePhotoGrid
          photos={shownPhotos}
          onReorder={(photoIds) => void reorder(photoIds)}
          renderTile={(photo, handle) => (
            <PhotoTile
              photo={photo}
              localThumbnail={localThumbnails[photo.id]}
              onOpen={() => openPhoto(photo.id)}
              onDelete={() => setDeleting(photo)}
              isCover={photo.id === coverId}
              onSetCover={() => void setCover(photo)}
              onEditCaption={() => setCaptioning(photo)}
              dragHandle={handle}
              selection={
                selecting && !photo.pending
                  ? {
                      selected: selection.isSelected(photo.id),
                      onToggle: (extend) => selection.toggle(photo.id, extend),
                    }
                  : undefined
              }
            />
          )}
        />
      )}

      {viewing !== undefined && (
        <Suspense fallback={null}>
          <PhotoViewer photos={viewable} index={viewing} onClose={closeViewer} />
        </Suspense>
      )}
      <CaptionDialog
        photo={captioning}
        onClose={() => setCaptioning(null)}
        onSubmit={saveCaption}
      />
      <AddPhotosDialog open={adding} onOpenChange={setAdding} uploads={uploads} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete photo?"
        description={
          deleting
            ? `“${deleting.original_filename}” will be removed from this collection and from any public gallery.`
            : ''
        }
        confirmLabel="Delete Photo"
        onConfirm={() => deleting && void removePhoto(deleting)}
      />
      <GalleryChoiceDialog
        open={choosingGallery}
        onOpenChange={setChoosingGallery}
        count={selection.selected.length}
        onChoose={(gallery) => void addSelectedToGallery(gallery)}
      />
      <ConfirmDialog
        open={deletingSelected}
        onOpenChange={setDeletingSelected}
        title={`Delete ${photoCount(selection.selected.length)}?`}
        description="They will be removed from this collection and from any public gallery. This cannot be undone."
        confirmLabel={`Delete ${photoCount(selection.selected.length)}`}
        onConfirm={() => void removeSelected()}
      />
    </>
  );
}

/**
 * The order of the last drop, shown until the photos are read again: without it, the dropped
 * photo would jump back for the moment it takes to queue the change and, once it is sent,
 * until the photos are read again. Meanwhile the queued change's overlay shows the same order.
 */
function useDroppedOrder(photos: ShownPhoto[], readAt: number) {
  const [order, setOrder] = useState<{ ids: string[]; readAt: number } | null>(null);
  const dropped = useCallback(
    (ids: string[] | null) => setOrder(ids ? { ids, readAt } : null),
    [readAt],
  );
  const shown = order && order.readAt === readAt ? inOrder(photos, order.ids) : photos;
  return { shown, dropped };
}
