import { useId, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Dialog } from '@/ui/dialog';
import {
  ALL_COLLECTIONS,
  ChoiceThumbnail,
  CollectionSelect,
  PhotoChoiceArea,
} from '@/ui/photos/photo-choices';
import { usePhotoChoices } from './use-photo-choices';

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
  const [filter, setFilter] = useState(ALL_COLLECTIONS);
  const filterId = useId();
  const shown =
    filter === ALL_COLLECTIONS ? photos : photos.filter((photo) => photo.album_id === filter);

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
            <CollectionSelect id={filterId} albums={albums} value={filter} onChange={setFilter} />
          </div>
        )}
        <PhotoChoiceArea
          loading={isPending}
          empty={
            shown.length === 0
              ? 'No photos yet. Upload photos to a collection first, or upload an image here.'
              : null
          }
          className="h-72"
          testId="photo-choices"
        >
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
                  <ChoiceThumbnail
                    src={resolveStorageUrl(backend, photo.thumb_url ?? photo.preview_url)}
                  />
                </button>
              </li>
            ))}
          </ul>
        </PhotoChoiceArea>
      </div>
    </Dialog>
  );
}
