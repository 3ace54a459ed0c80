import { CloudOff, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/ui/badge';
import type { ShownPhoto } from './albums-overlay';
import { CornerActions, PhotoCaption, SelectablePhoto, TileImage } from './photo-tile-parts';

interface PhotoTileProps {
  photo: ShownPhoto;
  /** The thumbnail made in this browser, while the upload waits. */
  localThumbnail?: string;
  /** Opens the photo in the viewer (photos on the server only). */
  onOpen: () => void;
  onDelete: () => void;
  /** The collection's cover is this photo. */
  isCover?: boolean;
  /** Makes this photo the collection's cover (photos on the server only). */
  onSetCover?: () => void;
  /** Opens 'Edit Caption' for it. */
  onEditCaption?: () => void;
  /** The handle that moves it in the grid (sortable-photo-grid.tsx). */
  dragHandle?: ReactNode;
  /** In select mode: whether it is selected, and a click (with Shift held or not) on it. */
  selection?: { selected: boolean; onToggle: (extend: boolean) => void };
}

const UPLOAD_BADGE = { waiting: 'Pending', sending: 'Uploading', failed: 'Not uploaded' } as const;

/**
 * One photo of an album: image, 'Set as cover' (or the Cover badge), 'Edit caption',
 * open-in-new-tab, the reorder handle, delete, filename, size, dimensions and caption (SPEC §2).
 */
export function PhotoTile({
  photo,
  localThumbnail,
  onOpen,
  onDelete,
  isCover = false,
  onSetCover,
  onEditCaption,
  dragHandle,
  selection,
}: PhotoTileProps) {
  const image = <TileImage photo={photo} localThumbnail={localThumbnail} />;
  return (
    <figure className="group min-w-0" data-testid="photo-tile" data-photo-id={photo.id}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-muted">
        {photo.pending ? (
          image
        ) : selection ? (
          <SelectablePhoto photo={photo} selection={selection}>
            {image}
          </SelectablePhoto>
        ) : (
          <button
            type="button"
            data-open-photo
            onClick={onOpen}
            aria-label={`View ${photo.original_filename}`}
            className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
          >
            {image}
          </button>
        )}
        {photo.uploadState && (
          <Badge
            tone={photo.uploadState === 'failed' ? 'destructive' : 'pending'}
            className="absolute left-2 top-2"
            title={photo.syncError}
          >
            <CloudOff aria-hidden /> {UPLOAD_BADGE[photo.uploadState]}
          </Badge>
        )}
        {!selection && dragHandle}
        {!photo.pending && !selection && (
          <CornerActions
            photo={photo}
            isCover={isCover}
            onSetCover={onSetCover}
            onEditCaption={onEditCaption}
          />
        )}
        {isCover && (
          <Badge
            tone="neutral"
            className="absolute bottom-2 left-2 bg-card/95"
            data-testid="cover-badge"
          >
            <Star className="fill-current" aria-hidden /> Cover
          </Badge>
        )}
      </div>
      <PhotoCaption photo={photo} onDelete={!photo.pending && !selection ? onDelete : undefined} />
    </figure>
  );
}
