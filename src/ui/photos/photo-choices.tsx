import { ImageIcon, ImageOff, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminAlbumSimple } from '@/lib/backend/database.types';
import { cn } from '../cn';
import { NativeSelect } from '../controls';
import { photoCount } from '../format';
import { ImageOr } from '../image-or';

/** The filter value that shows every collection's photos. */
export const ALL_COLLECTIONS = 'all';

/** A select of the photographer's collections (with their photo counts), for choosing among their photos. */
export function CollectionSelect({
  id,
  albums,
  value,
  onChange,
  className,
}: {
  id: string;
  albums: readonly AdminAlbumSimple[];
  value: string;
  onChange: (albumId: string) => void;
  className?: string;
}) {
  return (
    <NativeSelect
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={className}
    >
      <option value={ALL_COLLECTIONS}>All Collections</option>
      {albums.map((album) => (
        <option key={album.id} value={album.id}>
          {album.name} ({photoCount(album.photo_count)})
        </option>
      ))}
    </NativeSelect>
  );
}

/** The scroll area of photos to choose from: 'Loading photos...', an empty message, or the grid. */
export function PhotoChoiceArea({
  loading,
  empty,
  className,
  testId,
  children,
}: {
  loading: boolean;
  /** What to say when there is nothing to choose; null when there is. */
  empty: string | null;
  /** Its height, e.g. 'h-60'. */
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('overflow-y-auto rounded-lg border bg-muted/30 p-2', className)}
      data-testid={testId}
    >
      {loading ? (
        <div
          role="status"
          className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground"
        >
          <LoaderCircle className="size-4 animate-spin" aria-hidden /> Loading photos...
        </div>
      ) : empty ? (
        <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-sm text-muted-foreground">
          <ImageOff className="size-6" strokeWidth={1.5} aria-hidden />
          <p>{empty}</p>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

/** One photo to choose: its thumbnail filling the tile, or a picture icon when it cannot load. */
export function ChoiceThumbnail({ src }: { src: string | null | undefined }) {
  return (
    <ImageOr
      src={src}
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
  );
}
