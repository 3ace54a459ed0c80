import { ImageIcon, ImageOff, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { NativeSelect } from '@/ui/controls';
import { Dialog } from '@/ui/dialog';
import { photoCount } from '@/ui/format';
import { ImageOr } from '@/ui/image-or';
import { usePhotoChoices } from './use-photo-choices';

const ALL = 'all';

interface PhotoChoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen photo's preview rendition (its public 2048 px image). */
  onChoose: (previewUrl: string) => void;
}

/** 'Choose from your photos': the collections' photos as thumbnails; one tap picks it and closes. */
export function PhotoChoiceDialog({ open, onOpenChange, onChoose }: PhotoChoiceDialogProps) {
  const backend = useBackend();
  const { albums, photos, isPending } = usePhotoChoices(open);
  const [filter, setFilter] = useState(ALL);
  const filterId = useId();
  const shown = filter === ALL ? photos : photos.filter((photo) => photo.album_id === filter);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Choose a photo"
      description="Pick one of your photos for this section."
    >
      <div className="grid min-w-0 gap-3">
        {albums.length > 1 && (
          <div className="grid gap-1.5">
            <label htmlFor={filterId} className="text-sm font-medium">
              Collection
            </label>
            <NativeSelect id={filterId} value={filter} onChange={(event) => setFilter(event.target.value)}>
              <option value={ALL}>All collections</option>
              {albums.map((album) => (
                <option key={album.id} value={album.id}>
                  {album.name} ({photoCount(album.photo_count)})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="h-72 overflow-y-auto rounded-lg border bg-muted/30 p-2" data-testid="photo-choices">
          {isPending ? (
            <div role="status" className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground">
              <LoaderCircle className="size-4 animate-spin" aria-hidden /> Loading photos...
            </div>
          ) : shown.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-sm text-muted-foreground">
              <ImageOff className="size-6" strokeWidth={1.5} aria-hidden />
              <p>No photos yet. Upload photos to a collection first, or upload an image here.</p>
            </div>
          ) : (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {shown.map((photo) => (
                <li key={photo.id}>
                  <button
                    type="button"
                    aria-label={`${photo.original_filename} from ${photo.album_name}`}
                    title={`${photo.original_filename} · ${photo.album_name}`}
                    onClick={() => {
                      if (!photo.preview_url) return;
                      onChoose(photo.preview_url);
                      onOpenChange(false);
                    }}
                    className="relative block aspect-square w-full overflow-hidden rounded-md bg-muted ring-offset-1 ring-offset-card outline-none transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <ImageOr
                      src={resolveStorageUrl(backend, photo.thumb_url ?? photo.preview_url)}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover"
                      fallback={
                        <span className="flex size-full items-center justify-center text-muted-foreground">
                          <ImageIcon className="size-6" aria-hidden />
                        </span>
                      }
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
