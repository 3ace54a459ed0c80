import { ExternalLink, Eye, EyeOff, Images, Pencil, Trash2 } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Badge } from '@/ui/badge';
import { PendingBadge } from '@/ui/status-badges';
import { Card } from '@/ui/card';
import { cn } from '@/ui/cn';
import { ImageOr } from '@/ui/image-or';
import { ActionMenu, type MenuAction } from '@/ui/dropdown-menu';
import { photoCount } from '@/ui/format';
import { VisitorDownloadsBadge } from '@/ui/visitor-downloads';
import type { ShownGallery } from './galleries-overlay';
import { routePath } from '@/lib/routes/route-table';

interface GalleryCardProps {
  gallery: ShownGallery;
  onEdit: () => void;
  onDelete: () => void;
}

/** A public gallery: cover, title with its active icon, description, photo count, status and menu (SPEC §2). */
export function GalleryCard({ gallery, onEdit, onDelete }: GalleryCardProps) {
  const backend = useBackend();
  const cover = resolveStorageUrl(backend, gallery.cover_photo_url);
  const StatusIcon = gallery.is_active ? Eye : EyeOff;
  const actions: MenuAction[] = [
    { label: 'Edit', icon: <Pencil aria-hidden />, onSelect: onEdit },
    { label: 'Delete', icon: <Trash2 aria-hidden />, onSelect: onDelete, destructive: true },
  ];
  // Visitors only see active galleries the server has (SPEC §5).
  if (gallery.is_active && !gallery.pending) {
    actions.splice(1, 0, {
      label: 'View on Site',
      icon: <ExternalLink aria-hidden />,
      onSelect: () => window.open(routePath('publicGallery', gallery.id), '_blank', 'noopener'),
    });
  }

  return (
    <Card
      className="group relative overflow-hidden"
      data-testid="gallery-card"
      data-gallery-id={gallery.id}
    >
      <button
        type="button"
        onClick={onEdit}
        aria-label={`Edit ${gallery.title}`}
        className="block w-full focus-visible:outline-offset-[-2px]"
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-muted">
          <ImageOr
            src={cover}
            alt=""
            loading="lazy"
            decoding="async"
            className={cn(
              'size-full object-cover transition-transform duration-500 group-hover:scale-[1.02]',
              !gallery.is_active && 'opacity-60 grayscale-[35%]',
            )}
            fallback={
              <div className="flex size-full items-center justify-center text-muted-foreground">
                <Images className="size-10" strokeWidth={1.25} aria-hidden />
              </div>
            }
          />
          <PendingBadge
            pending={gallery.pending}
            syncError={gallery.syncError}
            className="absolute left-2 top-2"
          />
        </div>
      </button>
      <div className="p-4">
        <div className="flex items-center gap-2 pr-8">
          <span
            title={gallery.is_active ? 'Shown to visitors' : 'Hidden from visitors'}
            className="shrink-0"
          >
            <StatusIcon
              className={cn('size-4', gallery.is_active ? 'text-success' : 'text-muted-foreground')}
              aria-hidden
            />
          </span>
          <h2 className="min-w-0 truncate font-heading text-lg" title={gallery.title}>
            {gallery.title}
          </h2>
        </div>
        <p className="mt-0.5 line-clamp-2 min-h-10 text-sm text-muted-foreground">
          {gallery.description || 'No description'}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2 pr-8">
          <Badge tone={gallery.is_active ? 'success' : 'outline'}>
            {gallery.is_active ? 'Active' : 'Inactive'}
          </Badge>
          <VisitorDownloadsBadge value={gallery.visitor_downloads} />
          <span className="text-xs font-medium text-muted-foreground">
            {photoCount(gallery.photo_count)}
          </span>
        </div>
      </div>
      <ActionMenu
        label={`Actions for ${gallery.title}`}
        className="absolute bottom-3 right-2"
        actions={actions}
      />
    </Card>
  );
}
