import { CloudOff, ExternalLink, ImageIcon, Trash2 } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Badge } from '@/ui/badge';
import { ImageOr } from '@/ui/image-or';
import { megabytes } from '@/ui/format';
import type { ShownPhoto } from './albums-overlay';

interface PhotoTileProps {
  photo: ShownPhoto;
  /** The thumbnail made in this browser, while the upload waits. */
  localThumbnail?: string;
  onDelete: () => void;
}

const UPLOAD_BADGE = { waiting: 'Pending', sending: 'Uploading', failed: 'Not uploaded' } as const;

/** One photo of an album: image, open-in-new-tab, delete, filename, size and dimensions (SPEC §2). */
export function PhotoTile({ photo, localThumbnail, onDelete }: PhotoTileProps) {
  const backend = useBackend();
  const thumbnail = localThumbnail ?? resolveStorageUrl(backend, photo.thumb_url ?? (photo.file_url || null));
  const original = resolveStorageUrl(backend, photo.file_url || null);
  return (
    <figure className="group min-w-0" data-testid="photo-tile" data-photo-id={photo.id}>
      <div className="relative aspect-square overflow-hidden rounded-lg bg-muted">
        <ImageOr
          src={thumbnail}
          alt={photo.original_filename}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          fallback={
            <div className="flex size-full items-center justify-center text-muted-foreground">
              {/* Still, not a spinner: hundreds of queued photos spinning kept a laptop's CPU busy drawing them (bench: 25% slower uploads). */}
              {photo.pending ? <ImageIcon className="size-8 opacity-60" aria-label="Preparing" /> : <ImageIcon className="size-8" aria-hidden />}
            </div>
          }
        />
        {photo.uploadState && (
          <Badge tone={photo.uploadState === 'failed' ? 'destructive' : 'pending'} className="absolute left-2 top-2" title={photo.syncError}>
            <CloudOff aria-hidden /> {UPLOAD_BADGE[photo.uploadState]}
          </Badge>
        )}
        {!photo.pending && (
          <div className="absolute right-2 top-2 flex gap-1.5 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            {original && (
              <a
                href={original}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${photo.original_filename} in a new tab`}
                className="flex size-8 items-center justify-center rounded-md bg-card/90 shadow-sm backdrop-blur hover:bg-card"
              >
                <ExternalLink className="size-4" aria-hidden />
              </a>
            )}
            <button
              type="button"
              onClick={onDelete}
              aria-label={`Delete ${photo.original_filename}`}
              className="flex size-8 items-center justify-center rounded-md bg-card/90 text-destructive shadow-sm backdrop-blur hover:bg-card"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </div>
      <figcaption className="mt-2 px-0.5">
        <p className="truncate text-sm font-medium" title={photo.original_filename}>
          {photo.original_filename}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {megabytes(photo.file_size)}
          {photo.width && photo.height ? ` · ${photo.width} x ${photo.height}` : ''}
        </p>
      </figcaption>
    </figure>
  );
}
