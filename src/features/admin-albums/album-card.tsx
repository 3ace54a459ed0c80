import { FolderOpen, Globe, Pencil, Star, Trash2 } from 'lucide-react';
import { Link } from '@/lib/navigation/navigation';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Badge } from '@/ui/badge';
import { PendingBadge } from '@/ui/status-badges';
import { Card } from '@/ui/card';
import { ImageOr } from '@/ui/image-or';
import { ActionMenu } from '@/ui/dropdown-menu';
import { photoCount } from '@/ui/format';
import { VisitorDownloadsBadge } from '@/ui/visitor-downloads';
import type { ShownAlbum } from './albums-overlay';

interface AlbumCardProps {
  album: ShownAlbum;
  onEdit: () => void;
  onChooseCover: () => void;
  onDelete: () => void;
}

/** A collection: preview photo, name, description, photo count, and its menu. */
export function AlbumCard({ album, onEdit, onChooseCover, onDelete }: AlbumCardProps) {
  const backend = useBackend();
  const preview = resolveStorageUrl(backend, album.preview_photo ?? album.cover_photo_url);
  return (
    <Card className="group relative overflow-hidden" data-testid="album-card">
      <Link to={`/admin/albums/${album.id}`} className="block focus-visible:outline-offset-[-2px]">
        <div className="relative aspect-[4/3] bg-muted">
          <ImageOr
            src={preview}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.02]"
            fallback={
              <div className="flex size-full items-center justify-center text-muted-foreground">
                <FolderOpen className="size-10" strokeWidth={1.25} aria-hidden />
              </div>
            }
          />
          <div className="absolute left-2 top-2 flex gap-1.5">
            {album.is_public && (
              <Badge tone="neutral" className="bg-card/95">
                <Globe aria-hidden /> Public
              </Badge>
            )}
            <PendingBadge pending={album.pending} syncError={album.syncError} />
          </div>
        </div>
        <div className="p-4 pr-12">
          <h2 className="truncate font-heading text-lg">{album.name}</h2>
          <p className="mt-0.5 line-clamp-2 min-h-10 text-sm text-muted-foreground">
            {album.description || 'No description'}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-muted-foreground">
              {photoCount(album.photo_count)}
            </span>
            {album.is_public && <VisitorDownloadsBadge value={album.visitor_downloads} />}
          </div>
        </div>
      </Link>
      <ActionMenu
        label={`Actions for ${album.name}`}
        className="absolute bottom-3 right-2"
        actions={[
          { label: 'Edit', icon: <Pencil aria-hidden />, onSelect: onEdit },
          ...(album.photo_count > 0
            ? [{ label: 'Set as cover…', icon: <Star aria-hidden />, onSelect: onChooseCover }]
            : []),
          { label: 'Delete', icon: <Trash2 aria-hidden />, onSelect: onDelete, destructive: true },
        ]}
      />
    </Card>
  );
}
