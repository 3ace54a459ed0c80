import { useQuery } from '@tanstack/react-query';
import { GalleryHorizontalEnd } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import type { AdminPublicGallery } from '@/lib/backend/database.types';
import { listPublicGalleries } from '@/lib/backend/public-galleries';
import { Dialog } from '@/ui/dialog';
import { photoCount } from '@/ui/format';
import { albumKeys } from './album-keys';

interface GalleryChoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many photos are to be added, for the description. */
  count: number;
  onChoose: (gallery: AdminPublicGallery) => void;
}

/** Select mode's 'Add to public gallery…': the galleries on the server; one tap adds the selection and closes. */
export function GalleryChoiceDialog({
  open,
  onOpenChange,
  count,
  onChoose,
}: GalleryChoiceDialogProps) {
  const backend = useBackend();
  const galleries = useQuery({
    queryKey: albumKeys.galleries(),
    queryFn: () => listPublicGalleries(backend),
    enabled: open,
  });
  const list = galleries.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to public gallery"
      description={`${photoCount(count)} will be added after the gallery's photos.`}
    >
      {galleries.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading galleries...
        </p>
      ) : galleries.error ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          The galleries could not be loaded. Check your connection.
        </p>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          No public galleries yet. Create one under Public Galleries.
        </p>
      ) : (
        <ul className="grid max-h-80 gap-1 overflow-y-auto">
          {list.map((gallery) => (
            <li key={gallery.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(gallery);
                  onOpenChange(false);
                }}
                className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-secondary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <GalleryHorizontalEnd
                  className="size-4 shrink-0 text-muted-foreground"
                  aria-hidden
                />
                <span className="min-w-0 flex-1 truncate font-medium">{gallery.title}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {photoCount(gallery.photo_count)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
