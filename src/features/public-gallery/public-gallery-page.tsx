import { useQuery } from '@tanstack/react-query';
import { useRouteParam } from '@/lib/navigation/navigation';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { useSiteTheme } from '@/theme/use-site-theme';
import { photoCount, shortDate } from '@/ui/format';
import { PhotoGallery } from '@/ui/photos/photo-gallery';
import { usePhotoDownload } from '@/ui/photos/use-photo-download';
import { GalleryUnavailable, NoPhotos } from '@/ui/site/gallery-states';
import { PublicPageLoading } from '@/ui/site/public-page-loading';
import { GalleryHeading, PublicPageFrame } from '@/ui/site/public-page-frame';
import { usePageTitle } from '@/ui/site/use-page-title';
import { DEFAULT_SITE_SUBTITLE, useSiteProfile } from '@/ui/site/use-site-profile';
import { useErrorToast } from '@/ui/use-error-toast';
import { useRevealed } from '@/ui/use-revealed';
import { useOnline } from '@/ui/use-online';
import { galleryQueries } from './gallery-keys';

/**
 * A curated public gallery (SPEC §2 reading B, /gallery/public/{id}): the site's header,
 * the gallery's title, description, photo count and date, its photos and the viewer.
 * An inactive or unknown gallery shows 'Gallery Not Found'.
 */
export function PublicGalleryPage() {
  const id = useRouteParam() ?? '';
  const backend = usePublicBackend();
  useSiteTheme();
  const { profile } = useSiteProfile();
  // Downloads need the network: no download buttons without one.
  const online = useOnline();
  const gallery = useQuery(galleryQueries.gallery(backend, id));
  const downloads = gallery.data?.visitor_downloads ?? 'off';
  const download = usePhotoDownload({ size: downloads === 'original' ? 'original' : 'web' });
  const photos = useQuery({
    ...galleryQueries.galleryPhotos(backend, id),
    enabled: !!gallery.data,
  });
  useErrorToast(gallery.error ?? photos.error, 'Failed to load gallery');
  usePageTitle(
    gallery.isSuccess ? (gallery.data?.title ?? 'Gallery Not Found') : undefined,
    profile.siteName,
  );

  const revealed = useRevealed(!gallery.isPending && !(gallery.data && photos.isPending));
  if (!revealed) return <PublicPageLoading />;
  if (gallery.error || photos.error) {
    return (
      <GalleryUnavailable
        title="Failed to load gallery"
        description="Check your connection and try again."
        onRetry={() => void (gallery.error ? gallery.refetch() : photos.refetch())}
      />
    );
  }
  if (!gallery.data) {
    return (
      <GalleryUnavailable
        title="Gallery Not Found"
        description="This gallery is not available or has been made private."
      />
    );
  }

  const shown = photos.data?.photos ?? [];
  const counted = photos.data?.complete ?? false;
  return (
    <PublicPageFrame
      profile={profile}
      subtitle={profile.subtitle ?? DEFAULT_SITE_SUBTITLE}
      back={{ to: '/', label: 'Back to Home' }}
    >
      <GalleryHeading
        title={gallery.data.title}
        description={gallery.data.description}
        facts={[
          counted ? photoCount(shown.length) : 'Loading photos...',
          shortDate(gallery.data.created_at),
        ]}
      />
      {shown.length === 0 ? (
        <NoPhotos title="No Photos" description="This gallery doesn't have any photos yet." />
      ) : (
        <PhotoGallery
          photos={shown}
          layout={gallery.data.photo_layout}
          onDownload={online && downloads !== 'off' ? download : undefined}
        />
      )}
    </PublicPageFrame>
  );
}
