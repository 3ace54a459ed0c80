import { Images } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useRouteParam } from '@/lib/navigation/navigation';
import { useBackend } from '@/lib/backend/backend-context';
import { useLocalThumbnails } from '@/offline/outbox/local-previews';
import { usePhotoUploads } from '@/offline/outbox/photo-uploads';
import { EmptyState } from '@/ui/empty-state';
import { PageLoader } from '@/ui/page-loader';
import { toShownPhotos } from '@/ui/photos/photo-sources';
import { AlbumDialogs, NO_DIALOG, type AlbumDialog } from './album-dialogs';
import { AlbumHeader, BackLink } from './album-header';
import { AlbumPhotos } from './album-photos';
import { SelectToolbar } from './select-toolbar';
import { useAlbumActions } from './use-album-actions';
import { useAlbumDetail } from './use-album-detail';
import { usePhotoSelection } from './use-photo-selection';
import { UploadProgress } from './upload-progress';

/** /admin/albums/{id}: the album's photos, 'Add Photos' with progress, delete, reorder, 'Set as cover' and select mode (SPEC §2, issue 20). */
export function AlbumDetailPage() {
  const id = useRouteParam() ?? '';
  const backend = useBackend();
  const { album, photos, onServer, pendingIds, coverId, dropped, isPending } = useAlbumDetail(id);
  const [dialog, setDialog] = useState<AlbumDialog>(NO_DIALOG);
  const adding = dialog.kind === 'add-photos';
  const uploads = usePhotoUploads(id);
  const { finished: uploadsFinished, clear: clearUploads } = uploads;
  const hasUploads = uploads.entries.length > 0;
  // A batch that finished while its dialog was closed has nothing left to show.
  useEffect(() => {
    if (hasUploads && uploadsFinished && !adding) clearUploads();
  }, [hasUploads, uploadsFinished, adding, clearUploads]);

  // Select mode chooses among the photos on the server.
  const selection = usePhotoSelection(useMemo(() => onServer.map((photo) => photo.id), [onServer]));
  const localThumbnails = useLocalThumbnails(pendingIds);
  // The photos on the server, as the viewer shows them (its preview rendition).
  const viewable = useMemo(() => toShownPhotos(backend, onServer), [backend, onServer]);
  const actions = useAlbumActions({
    albumId: id,
    albumName: album?.name ?? '',
    photos,
    onServer,
    selection,
    dropped,
  });

  const openPhoto = (photoId: string) => {
    // A photo without a rendition to show (none was made) does not open.
    const index = viewable.findIndex((candidate) => candidate.id === photoId);
    if (index !== -1) setDialog({ kind: 'view', index });
  };
  const closeViewer = (last: number) => {
    setDialog(NO_DIALOG);
    // Focus back on the photo shown last, as the public galleries do.
    const shown = viewable[last];
    if (shown)
      document
        .querySelector<HTMLElement>(`[data-photo-id="${shown.id}"] [data-open-photo]`)
        ?.focus();
  };

  if (!album && isPending) return <PageLoader />;
  if (!album) {
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

  const addPhotos = () => setDialog({ kind: 'add-photos' });
  return (
    <>
      <BackLink />
      <AlbumHeader
        album={album}
        count={photos.length}
        canSelect={onServer.length > 0 && !selection.active}
        onSelect={selection.start}
        onAddPhotos={addPhotos}
      />
      {selection.active && (
        <SelectToolbar
          count={selection.selected.length}
          total={onServer.length}
          onSelectAll={selection.selectAll}
          onAddToGallery={() => setDialog({ kind: 'choose-gallery' })}
          onDownload={actions.downloadSelected}
          downloadPercent={actions.downloadPercent}
          onDelete={() => setDialog({ kind: 'delete-selected' })}
          onDone={selection.stop}
        />
      )}

      {!uploads.finished && !adding && (
        <UploadProgress uploads={uploads} onShowDetails={addPhotos} />
      )}

      <AlbumPhotos
        photos={photos}
        coverId={coverId}
        localThumbnails={localThumbnails}
        selection={selection}
        onAddPhotos={addPhotos}
        onReorder={(photoIds) => void actions.reorder(photoIds)}
        onOpen={(photo) => openPhoto(photo.id)}
        onDelete={(photo) => setDialog({ kind: 'delete-photo', photo })}
        onSetCover={(photo) => void actions.setCover(photo)}
        onEditCaption={(photo) => setDialog({ kind: 'caption', photo })}
      />

      <AlbumDialogs
        dialog={dialog}
        onDialogChange={setDialog}
        uploads={uploads}
        viewable={viewable}
        onViewerClose={closeViewer}
        selectedCount={selection.selected.length}
        onSaveCaption={actions.saveCaption}
        onDeletePhoto={(photo) => void actions.removePhoto(photo)}
        onAddSelectedToGallery={(gallery) => void actions.addSelectedToGallery(gallery)}
        onDeleteSelected={() => void actions.removeSelected()}
      />
    </>
  );
}
