import { useQuery } from '@tanstack/react-query';
import { Copy, Download, Heart } from 'lucide-react';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import type { LinkFavourite } from '@/lib/backend/database.types';
import { listLinkFavourites } from '@/lib/backend/favourites';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { copyText } from '@/lib/copy-text';
import { adminDownloadAccess } from '@/lib/downloads/download-access';
import { safeImageSrc } from '@/lib/safe-url';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { photoCount } from '@/ui/format';
import { useZipDownload } from '@/ui/photos/use-zip-download';
import { notify } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { linkKeys } from './link-keys';
import type { ShownLink } from './links-overlay';

/** The query of a link's favourites: kept with the admin's other data, so it opens offline as last seen. */
export const linkFavouritesQuery = (backend: ReturnType<typeof useBackend>, linkId: string) => ({
  queryKey: linkKeys.favourites(linkId),
  queryFn: () => listLinkFavourites(backend, linkId),
});

/** Each client's picks (the server answers them in the album's order), names in alphabetical order. */
function byClient(
  picks: readonly LinkFavourite[],
): Array<{ name: string; picks: LinkFavourite[] }> {
  const groups = new Map<string, LinkFavourite[]>();
  for (const pick of picks)
    groups.set(pick.client_name, [...(groups.get(pick.client_name) ?? []), pick]);
  return [...groups]
    .map(([name, group]) => ({ name, picks: group }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every photo picked by anyone, once, in the album's order. */
function uniquePhotos(picks: readonly LinkFavourite[]): LinkFavourite[] {
  const seen = new Map<string, LinkFavourite>();
  for (const pick of picks) if (!seen.has(pick.photo_id)) seen.set(pick.photo_id, pick);
  return [...seen.values()];
}

/**
 * 'Favourites' of a client link: each client's name with the thumbnails and original filenames
 * of their picks; 'Copy Filenames' (the originals' names separated by ', ', as Lightroom's
 * filter takes them) and 'Download Favourites' (the originals as one streamed zip).
 */
export function FavouritesDialog({ link, onClose }: { link: ShownLink; onClose: () => void }) {
  const backend = useBackend();
  const favourites = useQuery(linkFavouritesQuery(backend, link.id));
  useErrorToast(favourites.error, 'Failed to load favourites');
  const access = useMemo(() => adminDownloadAccess(backend), [backend]);
  const zip = useZipDownload(`${link.album_name} - Favourites`, access);
  const picks = favourites.data ?? [];
  const photos = uniquePhotos(picks);

  const copyFilenames = async () => {
    try {
      await copyText(photos.map((photo) => photo.original_filename).join(', '));
      notify.success(
        'Copied!',
        `${photos.length} ${photos.length === 1 ? 'filename' : 'filenames'} on your clipboard.`,
      );
    } catch (error) {
      console.error('Copy failed', error);
      notify.error('The filenames could not be copied.');
    }
  };
  const download = () =>
    zip.download(
      photos.map((photo) => ({
        fileUrl: photo.file_url,
        originalFilename: photo.original_filename,
        fileSize: photo.file_size,
      })),
      'The favourites downloaded as zip file',
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Favourites"
      description={link.album_name}
      size="wide"
    >
      {favourites.isPending ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          Loading favourites...
        </p>
      ) : picks.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center">
          <Heart className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">No favourites yet</p>
          <p className="text-sm text-muted-foreground">
            When your client hearts photos, their picks show here.
          </p>
        </div>
      ) : (
        <div className="grid gap-6">
          {byClient(picks).map((client) => (
            <section key={client.name} aria-label={`${client.name}'s favourites`}>
              <h3 className="mb-3 flex items-baseline gap-2 font-heading text-lg">
                {client.name}
                <span className="font-sans text-sm text-muted-foreground">
                  {photoCount(client.picks.length)}
                </span>
              </h3>
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
                {client.picks.map((pick) => (
                  <li key={pick.photo_id} className="min-w-0">
                    <img
                      src={safeImageSrc(resolveStorageUrl(backend, pick.thumb_url))}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full rounded-md bg-muted object-cover"
                    />
                    <p
                      className="mt-1 truncate text-xs text-muted-foreground"
                      title={pick.original_filename}
                    >
                      {pick.original_filename}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void copyFilenames()}>
              <Copy aria-hidden /> Copy Filenames
            </Button>
            <Button onClick={() => void download()} disabled={zip.percent !== null}>
              <Download aria-hidden />
              {zip.percent === null
                ? 'Download Favourites'
                : `Preparing Download... ${zip.percent}%`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
