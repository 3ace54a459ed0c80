import { Download } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PhotoLayout } from '@/lib/backend/database.types';
import { cn } from '../cn';
import { PhotoGrid, type PhotoGridHandle } from './photo-grid';
import { whenFirstScreenLoaded } from './first-screen';
import type { ShownPhoto } from './photo-sources';

// The viewer (yet-another-react-lightbox, about 14 KB gzipped with its styles) is not needed
// to show the grid: it loads once the first screen's photos are in, or when a photo is opened first.
const loadViewer = () => import('./photo-viewer');
const PhotoViewer = lazy(async () => ({ default: (await loadViewer()).PhotoViewer }));

/**
 * A round 44 px button on a photo's tile. On wide screens it shows when the tile is hovered or
 * focused, unless `shown` (a heart that is on stays in sight); on phones it always shows.
 */
export const tileButtonClasses = ({ shown = false }: { shown?: boolean } = {}) =>
  cn(
    'flex size-11 items-center justify-center rounded-full bg-background/90 shadow-sm transition-opacity hover:bg-background',
    !shown &&
      'focus-visible:opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
  );

interface PhotoGalleryProps {
  photos: readonly ShownPhoto[];
  /** Square boxes, or whole photos in justified rows. */
  layout: PhotoLayout;
  /** When set, every photo can be downloaded, from its tile and from the viewer. */
  onDownload?: (photo: ShownPhoto) => void;
  /**
   * A button of the page's own for each photo (a client's heart), on its tile beside the
   * download button and in the viewer's toolbar: `place` says which, for its look.
   */
  photoAction?: (photo: ShownPhoto, place: 'tile' | 'viewer') => ReactNode;
  /** False when the grid starts below the first screen (under a client's cover): see PhotoGrid. */
  onFirstScreen?: boolean;
}

/** A grid of photos that opens each in the viewer; closing it brings focus back to that photo. */
export function PhotoGallery({
  photos,
  layout,
  onDownload,
  photoAction,
  onFirstScreen,
}: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so closing animates and opening again is instant.
  const [viewerWanted, setViewerWanted] = useState(false);
  const grid = useRef<PhotoGridHandle>(null);

  useEffect(
    () =>
      void whenFirstScreenLoaded()
        .then(loadViewer)
        .catch(() => undefined),
    [],
  );

  return (
    <>
      <PhotoGrid
        ref={grid}
        photos={photos}
        layout={layout}
        onFirstScreen={onFirstScreen}
        onOpen={(index) => {
          setViewerWanted(true);
          setOpen(index);
        }}
        tileAction={
          (onDownload || photoAction) &&
          ((photo) => (
            <div className="absolute right-2 bottom-2 flex gap-2">
              {photoAction?.(photo, 'tile')}
              {onDownload && (
                <button
                  type="button"
                  onClick={() => onDownload(photo)}
                  aria-label={`Download ${photo.originalFilename}`}
                  title="Download"
                  className={cn(tileButtonClasses(), 'text-foreground')}
                >
                  <Download className="size-4" aria-hidden />
                </button>
              )}
            </div>
          ))
        }
      />
      {viewerWanted && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            index={open}
            onClose={(last) => {
              setOpen(null);
              grid.current?.reveal(last);
            }}
            onDownload={onDownload}
            photoAction={photoAction && ((photo) => photoAction(photo, 'viewer'))}
          />
        </Suspense>
      )}
    </>
  );
}
