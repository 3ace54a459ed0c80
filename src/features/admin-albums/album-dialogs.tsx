import { lazy, Suspense, useState } from 'react';
import type { PhotoUploads } from '@/offline/outbox/photo-uploads';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { photoCount } from '@/ui/format';
import type { ShownPhoto as ViewerPhoto } from '@/ui/photos/photo-sources';
import { AddPhotosDialog } from './add-photos-dialog';
import type { ShownPhoto } from './albums-overlay';
import { CaptionDialog } from './caption-dialog';
import { GalleryChoiceDialog } from './gallery-choice-dialog';

/** The one dialog open over the collection's page, if any (select mode is not one: it stays on under its dialogs). */
export type AlbumDialog =
  | { kind: 'none' }
  | { kind: 'add-photos' }
  /** The viewer, on the photo at `index` among the viewable ones. */
  | { kind: 'view'; index: number }
  | { kind: 'caption'; photo: ShownPhoto }
  | { kind: 'delete-photo'; photo: ShownPhoto }
  | { kind: 'choose-gallery' }
  | { kind: 'delete-selected' };

export const NO_DIALOG: AlbumDialog = { kind: 'none' };

interface AlbumDialogsProps {
  dialog: AlbumDialog;
  onDialogChange: (dialog: AlbumDialog) => void;
  uploads: PhotoUploads;
  /** The photos the viewer shows (those on the server), and where it was closed. */
  viewable: readonly ViewerPhoto[];
  onViewerClose: (lastIndex: number) => void;
  /** How many photos select mode has selected. */
  selectedCount: number;
  onSaveCaption: (photo: ShownPhoto, caption: string | null) => Promise<boolean>;
  onDeletePhoto: (photo: ShownPhoto) => void;
  onAddSelectedToGallery: (gallery: { id: string; title: string }) => void;
  onDeleteSelected: () => void;
}

/** The collection page's dialogs and its photo viewer, each open while `dialog` names it. */
export function AlbumDialogs({
  dialog,
  onDialogChange,
  uploads,
  viewable,
  onViewerClose,
  selectedCount,
  onSaveCaption,
  onDeletePhoto,
  onAddSelectedToGallery,
  onDeleteSelected,
}: AlbumDialogsProps) {
  const closeOn = (open: boolean) => !open && onDialogChange(NO_DIALOG);
  const deleting = dialog.kind === 'delete-photo' ? dialog.photo : null;
  const selected = photoCount(selectedCount);
  return (
    <>
      <LazyPhotoViewer
        photos={viewable}
        index={dialog.kind === 'view' ? dialog.index : null}
        onClose={onViewerClose}
      />
      <CaptionDialog
        photo={dialog.kind === 'caption' ? dialog.photo : null}
        onClose={() => onDialogChange(NO_DIALOG)}
        onSubmit={onSaveCaption}
      />
      <AddPhotosDialog
        open={dialog.kind === 'add-photos'}
        onOpenChange={(open) => onDialogChange(open ? { kind: 'add-photos' } : NO_DIALOG)}
        uploads={uploads}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={closeOn}
        title="Delete photo?"
        description={
          deleting
            ? `“${deleting.original_filename}” will be removed from this collection and from any public gallery.`
            : ''
        }
        confirmLabel="Delete Photo"
        onConfirm={() => deleting && onDeletePhoto(deleting)}
      />
      <GalleryChoiceDialog
        open={dialog.kind === 'choose-gallery'}
        onOpenChange={closeOn}
        count={selectedCount}
        onChoose={onAddSelectedToGallery}
      />
      <ConfirmDialog
        open={dialog.kind === 'delete-selected'}
        onOpenChange={closeOn}
        title={`Delete ${selected}?`}
        description="They will be removed from this collection and from any public gallery. This cannot be undone."
        confirmLabel={`Delete ${selected}`}
        onConfirm={onDeleteSelected}
      />
    </>
  );
}

// The viewer (yet-another-react-lightbox) loads when a photo is first opened.
const PhotoViewer = lazy(async () => ({
  default: (await import('@/ui/photos/photo-viewer')).PhotoViewer,
}));

/** The viewer, loaded when a photo is first opened and kept after, so that it closes as it opened. */
function LazyPhotoViewer(props: {
  photos: readonly ViewerPhoto[];
  index: number | null;
  onClose: (lastIndex: number) => void;
}) {
  const [wanted, setWanted] = useState(false);
  if (props.index !== null && !wanted) setWanted(true);
  if (!wanted && props.index === null) return null;
  return (
    <Suspense fallback={null}>
      <PhotoViewer {...props} />
    </Suspense>
  );
}
