import { ArrowLeft, CheckSquare, ImagePlus } from 'lucide-react';
import { Link } from '@/lib/navigation/navigation';
import { Button } from '@/ui/button';
import { photoCount } from '@/ui/format';
import { ShareButton } from './share-link-panel';

export function BackLink() {
  return (
    <Link
      to="/admin/albums"
      className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden /> Back to Collections
    </Link>
  );
}

interface AlbumHeaderProps {
  album: { id: string; name: string; description: string | null };
  /** How many photos it shows, those still waiting in the outbox too. */
  count: number;
  /** Offers 'Select' (there are photos on the server to select, and select mode is off). */
  canSelect: boolean;
  onSelect: () => void;
  onAddPhotos: () => void;
}

/** The collection's name, description and photo count, with Share, Select and Add Photos. */
export function AlbumHeader({ album, count, canSelect, onSelect, onAddPhotos }: AlbumHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl break-words sm:text-3xl">{album.name}</h1>
        {album.description && (
          <p className="mt-1 max-w-2xl text-sm break-words text-muted-foreground">
            {album.description}
          </p>
        )}
        <p
          className="mt-2 text-sm font-medium text-muted-foreground"
          data-testid="album-photo-count"
        >
          {photoCount(count)}
        </p>
      </div>
      {/* Full width on phones, side by side. */}
      <div className="flex gap-2 *:flex-1 sm:*:flex-none">
        <ShareButton albumId={album.id} albumName={album.name} />
        {canSelect && (
          <Button variant="outline" onClick={onSelect}>
            <CheckSquare aria-hidden /> Select
          </Button>
        )}
        <Button onClick={onAddPhotos}>
          <ImagePlus aria-hidden /> Add Photos
        </Button>
      </div>
    </div>
  );
}
