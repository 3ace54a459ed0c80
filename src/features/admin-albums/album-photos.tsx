import { ImagePlus, Images } from 'lucide-react';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/empty-state';
import type { ShownPhoto } from './albums-overlay';
import { PhotoTile } from './photo-tile';
import { SortablePhotoGrid } from './sortable-photo-grid';
import type { usePhotoSelection } from './use-photo-selection';

interface AlbumPhotosProps {
  photos: ShownPhoto[];
  coverId: string | null;
  /** The thumbnails made on this device of the photos still waiting in the outbox, by id. */
  localThumbnails: Record<string, string>;
  selection: ReturnType<typeof usePhotoSelection>;
  onAddPhotos: () => void;
  onReorder: (photoIds: string[]) => void;
  onOpen: (photo: ShownPhoto) => void;
  onDelete: (photo: ShownPhoto) => void;
  onSetCover: (photo: ShownPhoto) => void;
  onEditCaption: (photo: ShownPhoto) => void;
}

/** The collection's photos in their order, to drag into another; in select mode, to select. */
export function AlbumPhotos({
  photos,
  coverId,
  localThumbnails,
  selection,
  onAddPhotos,
  onReorder,
  onOpen,
  onDelete,
  onSetCover,
  onEditCaption,
}: AlbumPhotosProps) {
  if (photos.length === 0) {
    return (
      <EmptyState
        icon={Images}
        title="No photos yet"
        description="Start by uploading some photos to this collection."
        action={
          <Button onClick={onAddPhotos}>
            <ImagePlus aria-hidden /> Add Photos
          </Button>
        }
      />
    );
  }
  return (
    <SortablePhotoGrid
      photos={photos}
      onReorder={onReorder}
      renderTile={(photo, handle) => (
        <PhotoTile
          photo={photo}
          localThumbnail={localThumbnails[photo.id]}
          onOpen={() => onOpen(photo)}
          onDelete={() => onDelete(photo)}
          isCover={photo.id === coverId}
          onSetCover={() => onSetCover(photo)}
          onEditCaption={() => onEditCaption(photo)}
          dragHandle={handle}
          selection={
            selection.active && !photo.pending
              ? {
                  selected: selection.isSelected(photo.id),
                  onToggle: (extend) => selection.toggle(photo.id, extend),
                }
              : undefined
          }
        />
      )}
    />
  );
}
