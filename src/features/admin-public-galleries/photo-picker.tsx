import { Check } from 'lucide-react';
import { useId } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import type { AdminAlbumSimple } from '@/lib/backend/database.types';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import {
  ALL_COLLECTIONS,
  ChoiceThumbnail,
  CollectionSelect,
  PhotoChoiceArea,
} from '@/ui/photos/photo-choices';
import { toggleSelection, type PickerPhoto } from './picker-overlay';

interface PhotoPickerProps {
  albums: AdminAlbumSimple[];
  photos: PickerPhoto[];
  localThumbnails: Record<string, string>;
  loading: boolean;
  filter: string;
  onFilterChange: (albumId: string) => void;
  /** Picked photo ids, in the order they were picked. */
  selected: string[];
  onSelectedChange: (selected: string[]) => void;
}

/**
 * The gallery's photo picker (SPEC §2, §9): a collection filter, a 3-column grid in a 240px
 * scroll area with check marks, the selected count and 'Clear Selection'.
 */
export function PhotoPicker(props: PhotoPickerProps) {
  const {
    albums,
    photos,
    localThumbnails,
    loading,
    filter,
    onFilterChange,
    selected,
    onSelectedChange,
  } = props;
  const backend = useBackend();
  const filterId = useId();
  const labelId = useId();
  const shown =
    filter === ALL_COLLECTIONS ? photos : photos.filter((photo) => photo.album_id === filter);

  let empty: string | null = null;
  if (!loading && photos.length === 0)
    empty = 'No photos available. Upload photos to collections first.';
  else if (!loading && shown.length === 0)
    empty = 'No photos in this collection. Try selecting a different collection.';

  return (
    <div role="group" aria-labelledby={labelId} className="grid min-w-0 gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span id={labelId} className="text-sm font-medium">
          Photos
        </span>
        <label htmlFor={filterId} className="sr-only">
          Collection
        </label>
        <CollectionSelect
          id={filterId}
          albums={albums}
          value={filter}
          onChange={onFilterChange}
          className="sm:w-80"
        />
      </div>

      <PhotoChoiceArea loading={loading} empty={empty} className="h-60" testId="photo-picker">
        <ul className="grid grid-cols-3 gap-2">
          {shown.map((photo) => {
            const position = selected.indexOf(photo.id);
            const picked = position !== -1;
            const src =
              localThumbnails[photo.id] ?? resolveStorageUrl(backend, photoDisplayUrl(photo));
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  aria-pressed={picked}
                  aria-label={`${photo.original_filename} from ${photo.album_name}`}
                  title={`${photo.original_filename} · ${photo.album_name}`}
                  onClick={() => onSelectedChange(toggleSelection(selected, photo.id))}
                  className={cn(
                    'relative block aspect-square w-full overflow-hidden rounded-md bg-muted outline-none ring-offset-1 ring-offset-card transition sm:aspect-[4/3]',
                    'focus-visible:ring-2 focus-visible:ring-ring',
                    picked && 'ring-[3px] ring-primary',
                  )}
                >
                  <ChoiceThumbnail src={src} />
                  <span
                    className={cn(
                      'absolute inset-0 transition-colors',
                      picked ? 'bg-black/15' : 'hover:bg-black/10',
                    )}
                    aria-hidden
                  />
                  <span
                    aria-hidden
                    data-testid={picked ? 'selected-mark' : undefined}
                    className={cn(
                      'absolute right-1.5 top-1.5 flex size-6 items-center justify-center rounded-full border-2 shadow-sm transition',
                      picked
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-white/90 bg-black/15',
                    )}
                  >
                    {picked && <Check className="size-3.5" strokeWidth={3} />}
                  </span>
                  {picked && (
                    <span
                      aria-hidden
                      className="absolute bottom-1.5 left-1.5 rounded-full bg-card/90 px-1.5 text-[11px] font-semibold tabular-nums shadow-sm"
                    >
                      {position + 1}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </PhotoChoiceArea>

      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          <span className="font-medium text-foreground tabular-nums" data-testid="selected-count">
            {selected.length} selected
          </span>
          <span className="hidden sm:inline"> · shown in the order you pick them</span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onSelectedChange([])}
          disabled={selected.length === 0}
        >
          Clear Selection
        </Button>
      </div>
    </div>
  );
}
