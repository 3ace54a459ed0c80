import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { PhotoGrid, type PhotoGridHandle } from './photo-grid';
import type { ShownPhoto } from './photo-sources';
import { PhotoViewer } from './photo-viewer';

interface PhotoGalleryProps {
  photos: readonly ShownPhoto[];
  /** Names the photos for screen readers: 'Summer Wedding, photo 3 of 40'. */
  title: string;
  /** When set, every photo can be downloaded, from its tile and from the viewer. */
  onDownload?: (photo: ShownPhoto) => void;
}

/** A grid of photos that opens each in the viewer; closing it brings focus back to that photo. */
export function PhotoGallery({ photos, title, onDownload }: PhotoGalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  const grid = useRef<PhotoGridHandle>(null);

  return (
    <>
      <PhotoGrid
        ref={grid}
        photos={photos}
        label={(_, index) => `${title}, photo ${index + 1} of ${photos.length}`}
        onOpen={setOpen}
        tileAction={
          onDownload &&
          ((photo) => (
            <button
              type="button"
              onClick={() => onDownload(photo)}
              aria-label={`Download ${photo.originalFilename}`}
              title="Download"
              className="absolute right-2 bottom-2 flex size-9 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur transition-opacity hover:bg-background focus-visible:opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
            >
              <Download className="size-4" aria-hidden />
            </button>
          ))
        }
      />
      <PhotoViewer
        photos={photos}
        index={open}
        onClose={(last) => {
          setOpen(null);
          grid.current?.reveal(last);
        }}
        onDownload={onDownload}
      />
    </>
  );
}
