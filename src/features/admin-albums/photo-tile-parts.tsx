import { Captions, Check, ExternalLink, ImageIcon, Star, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import type { Backend } from '@/lib/backend/client';
import { originalObject, photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl, signOriginalUrl } from '@/lib/backend/storage';
import { cn } from '@/ui/cn';
import { ImageOr } from '@/ui/image-or';
import { fileSize } from '@/ui/format';
import { notify } from '@/ui/toast';
import type { ShownPhoto } from './albums-overlay';

const CORNER_BUTTON =
  'flex size-11 items-center justify-center rounded-full bg-card/95 shadow-sm transition-opacity hover:bg-card focus-visible:opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100';

/**
 * Opens a photo's original in a new tab. Originals are private: the tab gets a URL signed for
 * a minute with this admin's session (a row not yet moved has its public address). The tab is
 * opened in the click, before the signing answer, so no popup blocker stops it.
 */
function openOriginal(backend: Backend, fileUrl: string): void {
  const object = originalObject(fileUrl);
  if (!object) return;
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const address =
    object.bucket === 'originals'
      ? signOriginalUrl(backend, object.name)
      : Promise.resolve(resolveStorageUrl(backend, fileUrl)!);
  address.then(
    (url) => {
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    (error: unknown) => {
      tab?.close();
      console.error('Could not open the original', error);
      notify.error('The original could not be opened', 'Open Failed');
    },
  );
}

/** The tile's picture: the thumbnail (this device's while the upload waits), or an icon. */
export function TileImage({
  photo,
  localThumbnail,
}: {
  photo: ShownPhoto;
  localThumbnail?: string;
}) {
  const backend = useBackend();
  const thumbnail = localThumbnail ?? resolveStorageUrl(backend, photoDisplayUrl(photo));
  return (
    <ImageOr
      src={thumbnail}
      alt={photo.caption ?? photo.original_filename}
      loading="lazy"
      decoding="async"
      className="size-full object-cover"
      fallback={
        <div className="flex size-full items-center justify-center text-muted-foreground">
          {/* Still, not a spinner: hundreds of queued photos spinning kept a laptop's CPU busy drawing them (bench: 25% slower uploads). */}
          {photo.pending ? (
            <ImageIcon className="size-8 opacity-60" aria-label="Preparing" />
          ) : (
            <ImageIcon className="size-8" aria-hidden />
          )}
        </div>
      }
    />
  );
}

/** In select mode the picture is a toggle: a click selects it, Shift-click the range up to it. */
export function SelectablePhoto({
  photo,
  selection,
  children,
}: {
  photo: ShownPhoto;
  selection: { selected: boolean; onToggle: (extend: boolean) => void };
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-select-photo
      aria-pressed={selection.selected}
      aria-label={`Select ${photo.original_filename}`}
      onClick={(event) => selection.onToggle(event.shiftKey)}
      className={cn(
        'block size-full cursor-pointer select-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring',
        selection.selected && 'opacity-80',
      )}
    >
      {children}
      <span
        aria-hidden
        className={cn(
          'absolute left-2 top-2 flex size-7 items-center justify-center rounded-full border-2 shadow-sm',
          selection.selected
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-white bg-black/20',
        )}
      >
        {selection.selected && <Check className="size-4" strokeWidth={3} />}
      </span>
      {selection.selected && (
        <span
          aria-hidden
          className="absolute inset-0 rounded-lg ring-[3px] ring-inset ring-primary"
        />
      )}
    </button>
  );
}

/** The buttons on the picture: 'Set as cover' and the original in a new tab on top, 'Edit caption' below. */
export function CornerActions({
  photo,
  isCover,
  onSetCover,
  onEditCaption,
}: {
  photo: ShownPhoto;
  isCover: boolean;
  onSetCover?: () => void;
  onEditCaption?: () => void;
}) {
  const backend = useBackend();
  const hasOriginal = originalObject(photo.file_url) !== null;
  return (
    <>
      <div className="absolute right-2 top-2 flex gap-1.5">
        {onSetCover && !isCover && (
          <button
            type="button"
            onClick={onSetCover}
            aria-label={`Set ${photo.original_filename} as cover`}
            title="Set as cover"
            className={CORNER_BUTTON}
          >
            <Star className="size-4" aria-hidden />
          </button>
        )}
        {hasOriginal && (
          <button
            type="button"
            onClick={() => openOriginal(backend, photo.file_url)}
            aria-label={`Open ${photo.original_filename} in a new tab`}
            title="Open the original in a new tab"
            className={CORNER_BUTTON}
          >
            <ExternalLink className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {/* Its own corner: three buttons in the top one would cover the drag handle on a phone's narrow tile. */}
      {onEditCaption && (
        <button
          type="button"
          onClick={onEditCaption}
          aria-label={`Edit the caption of ${photo.original_filename}`}
          title="Edit caption"
          className={cn('absolute right-2 bottom-2', CORNER_BUTTON)}
        >
          <Captions className="size-4" aria-hidden />
        </button>
      )}
    </>
  );
}

/** Under the picture: filename, size, dimensions and caption, and Delete when it may be deleted. */
export function PhotoCaption({ photo, onDelete }: { photo: ShownPhoto; onDelete?: () => void }) {
  // Delete sits in the caption, away from the harmless actions on the photo.
  return (
    <figcaption className="mt-1 flex items-start gap-1 pl-0.5">
      <div className="min-w-0 flex-1 pt-1">
        <p className="truncate text-sm font-medium" title={photo.original_filename}>
          {photo.original_filename}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {fileSize(photo.file_size)}
          {photo.width && photo.height ? ` · ${photo.width} x ${photo.height}` : ''}
        </p>
        {photo.caption && (
          <p
            className="truncate text-xs text-muted-foreground italic"
            title={photo.caption}
            data-testid="photo-caption"
          >
            {photo.caption}
          </p>
        )}
      </div>
      {onDelete && (
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${photo.original_filename}`}
          title="Delete photo"
          className="flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </figcaption>
  );
}
