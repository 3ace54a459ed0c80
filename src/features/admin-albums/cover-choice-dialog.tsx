import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useMemo } from 'react';
import { getAlbum, listPhotos } from '@/lib/backend/albums';
import { useBackend } from '@/lib/backend/backend-context';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { Dialog } from '@/ui/dialog';
import { ChoiceThumbnail, PhotoChoiceArea } from '@/ui/photos/photo-choices';
import { albumKeys } from './album-keys';
import { coverPhotoId, overlayPhotos, type ShownAlbum, type ShownPhoto } from './albums-overlay';

interface CoverChoiceDialogProps {
  /** The collection whose cover is chosen; null when closed. */
  album: ShownAlbum | null;
  onOpenChange: (open: boolean) => void;
  onChoose: (photo: ShownPhoto) => void;
}

/** 'Set as cover…' from a collection's card: its photos in order, the cover marked; one tap chooses and closes. */
export function CoverChoiceDialog({ album, onOpenChange, onChoose }: CoverChoiceDialogProps) {
  const backend = useBackend();
  const albumId = album?.id ?? '';
  const open = album !== null;
  const detail = useQuery({
    queryKey: albumKeys.detail(albumId),
    queryFn: () => getAlbum(backend, albumId),
    enabled: open,
  });
  const photos = useQuery({
    queryKey: albumKeys.photos(albumId),
    queryFn: () => listPhotos(backend, albumId),
    enabled: open,
  });
  const pending = usePendingFor(`album:${albumId}`);
  // Only photos on the server can be the cover.
  const shown = useMemo(
    () =>
      overlayPhotos(albumId, album?.name ?? '', photos.data ?? [], pending, null).filter(
        (photo) => !photo.pending,
      ),
    [albumId, album?.name, photos.data, pending],
  );
  const coverId = coverPhotoId(albumId, detail.data?.cover_photo_id ?? null, shown, pending);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title="Choose a cover"
      description={
        album
          ? `The cover of “${album.name}” on your collections, the home page and the client gallery.`
          : ''
      }
    >
      <PhotoChoiceArea
        loading={open && photos.isPending}
        empty={
          photos.error
            ? 'The photos could not be loaded. Check your connection and try again.'
            : shown.length === 0
              ? 'No photos yet. Add photos to this collection first.'
              : null
        }
        className="h-72"
        testId="cover-choices"
      >
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {shown.map((photo) => {
            const isCover = photo.id === coverId;
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  aria-label={
                    isCover
                      ? `${photo.original_filename} (current cover)`
                      : `Use ${photo.original_filename} as cover`
                  }
                  aria-current={isCover || undefined}
                  title={photo.original_filename}
                  onClick={() => {
                    if (!isCover) onChoose(photo);
                    onOpenChange(false);
                  }}
                  className="relative block aspect-square w-full overflow-hidden rounded-md bg-muted ring-offset-1 ring-offset-card outline-none transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring aria-[current]:ring-2 aria-[current]:ring-primary"
                >
                  <ChoiceThumbnail src={resolveStorageUrl(backend, photoDisplayUrl(photo))} />
                  {isCover && (
                    <span className="absolute bottom-1 left-1 flex items-center gap-1 rounded-full bg-card/90 px-2 py-0.5 text-xs font-medium">
                      <Star className="size-3 fill-current" aria-hidden /> Cover
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </PhotoChoiceArea>
    </Dialog>
  );
}
