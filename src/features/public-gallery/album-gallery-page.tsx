import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useRouteParam } from '@/lib/navigation/navigation';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { useSiteTheme } from '@/theme/use-site-theme';
import { photoCount } from '@/ui/format';
import { PhotoGallery } from '@/ui/photos/photo-gallery';
import { usePhotoDownload } from '@/ui/photos/use-photo-download';
import { GalleryUnavailable, NoPhotos } from '@/ui/site/gallery-states';
import { PublicPageLoading } from '@/ui/site/public-page-loading';
import { GalleryHeading, PublicPageFrame } from '@/ui/site/public-page-frame';
import { usePageTitle } from '@/ui/site/use-page-title';
import { useSiteProfile } from '@/ui/site/use-site-profile';
import { notify } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useRevealed } from '@/ui/use-revealed';
import { useOnline } from '@/ui/use-online';
import { galleryQueries } from './gallery-keys';

/**
 * A public album (SPEC §2 reading A, /gallery/{id}, the 'Recent Sessions' links): its name,
 * description and photos, a Download button on each (as its 'Visitor downloads' says), the viewer and 'Back to Galleries'.
 * A private or unknown album: toast 'Gallery Not Found' and back to the home page.
 */
export function AlbumGalleryPage() {
  const id = useRouteParam() ?? '';
  const backend = usePublicBackend();
  const navigate = useNavigate();
  useSiteTheme();
  const { profile } = useSiteProfile();
  // Downloads need the network: no download buttons without one.
  const online = useOnline();
  const album = useQuery(galleryQueries.album(backend, id));
  const downloads = album.data?.visitor_downloads ?? 'off';
  const download = usePhotoDownload({ size: downloads === 'original' ? 'original' : 'web' });
  const photos = useQuery({ ...galleryQueries.albumPhotos(backend, id), enabled: !!album.data });
  useErrorToast(album.error ?? photos.error, 'Failed to load gallery');
  usePageTitle(album.data ? album.data.name : undefined, profile.siteName);

  const notFound = album.isSuccess && album.data === null;
  useEffect(() => {
    if (!notFound) return;
    notify.error('This gallery is not available or has been made private', 'Gallery Not Found');
    navigate('/', { replace: true });
  }, [notFound, navigate]);

  const revealed = useRevealed(!album.isPending && !notFound && !(album.data && photos.isPending));
  if (!revealed) return <PublicPageLoading />;
  if (album.error || photos.error || !album.data) {
    return (
      <GalleryUnavailable
        title="Failed to load gallery"
        description="Check your connection and try again."
        onRetry={() => void (album.error ? album.refetch() : photos.refetch())}
      />
    );
  }

  const shown = photos.data?.photos ?? [];
  const counted = photos.data?.complete ?? false;
  return (
    <PublicPageFrame
      profile={profile}
      subtitle={profile.subtitle}
      back={{ to: '/#galleries', label: 'Back to Galleries' }}
    >
      <GalleryHeading
        title={album.data.name}
        description={album.data.description}
        facts={[counted ? photoCount(shown.length) : 'Loading photos...']}
      />
      {shown.length === 0 ? (
        <NoPhotos title="No photos yet" />
      ) : (
        <PhotoGallery
          photos={shown}
          layout={album.data.photo_layout}
          onDownload={online && downloads !== 'off' ? download : undefined}
        />
      )}
    </PublicPageFrame>
  );
}
