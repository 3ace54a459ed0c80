import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { clientDownloadAccess } from '@/lib/downloads/download-access';
import { useSiteTheme } from '@/theme/use-site-theme';
import { photoCount } from '@/ui/format';
import { PhotoGallery } from '@/ui/photos/photo-gallery';
import { usePhotoDownload } from '@/ui/photos/use-photo-download';
import { GalleryUnavailable, NoPhotos } from '@/ui/site/gallery-states';
import { PublicPageLoading } from '@/ui/site/public-page-loading';
import { GalleryHeading, PublicPageFrame } from '@/ui/site/public-page-frame';
import { useSiteProfile } from '@/ui/site/use-site-profile';
import { notify } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useRevealed } from '@/ui/use-revealed';
import { useOnline } from '@/ui/use-online';
import { DownloadAllButton } from './download-all-button';
import { SaveOfflineButton } from './save-offline-button';
import { useClientGallery } from './use-client-gallery';
import { useDownloadAll } from './use-download-all';
import { useSaveOffline } from './use-save-offline';

// Only a protected link needs the dialog (and its dialog library): an open link's page does not wait for it.
const PasscodeDialog = lazy(async () => ({ default: (await import('./passcode-dialog')).PasscodeDialog }));

/**
 * A client's private album through a share link (/client/{access_token}): the passcode
 * first when the link has one, then the photos, the viewer and — when the link allows —
 * single downloads and 'Download All Photos'. An invalid, inactive or expired link: toast
 * 'Gallery Not Found' and back to the home page.
 */
export function ClientGalleryPage() {
  const { accessToken = '' } = useParams();
  const navigate = useNavigate();
  useSiteTheme();
  const { profile } = useSiteProfile();
  const backend = usePublicBackend();
  const { link, found, offline, needsPasscode, passcode, photos, submitPasscode } = useClientGallery(accessToken);
  // Originals are private: each download carries a grant the server issues for this link.
  const access = useMemo(() => clientDownloadAccess(backend, accessToken, passcode), [backend, accessToken, passcode]);
  const downloadPhoto = usePhotoDownload({ access });
  const online = useOnline();
  const albumName = found?.album_name ?? '';
  const shown = photos.data?.photos ?? [];
  // The first photos show at once; the count, download all and save for offline need them all.
  const complete = photos.data?.complete ?? false;
  // The cover the photographer chose (none: the first photo leads the grid, as it always did).
  const coverId = found?.cover_photo_id;
  const coverSrc = coverId ? shown.find((photo) => photo.id === coverId)?.previewSrc : undefined;
  // Hidden only if the cover photo is not among the album's photos after all (deleted meanwhile).
  const showCover = Boolean(coverId) && !needsPasscode && !(complete && !coverSrc);
  const { downloadAll, percent } = useDownloadAll(albumName, shown, access);
  const saveOffline = useSaveOffline(accessToken, shown.length, complete);
  useErrorToast(link.error, 'Failed to load gallery');
  useErrorToast(photos.error, 'Failed to load gallery content');

  const notFound = link.isSuccess && found === null;
  useEffect(() => {
    if (!notFound) return;
    notify.error('This gallery link is invalid or has been deactivated', 'Gallery Not Found');
    void navigate('/', { replace: true });
  }, [notFound, navigate]);

  const revealed = useRevealed(!link.isPending && !notFound);
  const photosRevealed = useRevealed(!photos.isPending);
  if (!revealed) return <PublicPageLoading />;
  if (link.error || !found) {
    return (
      <GalleryUnavailable
        title="Failed to load gallery"
        description="Check your connection and try again."
        onRetry={() => void link.refetch()}
      />
    );
  }

  // Originals are never kept offline: downloads need the network.
  const canDownload = found.allow_downloads && online && !offline;
  return (
    <PublicPageFrame profile={profile} subtitle={profile.subtitle} back={{ to: '/', label: 'Back to Home' }}>
      {showCover && (
        // Its box is there from the start, so the grid below (virtualised from where it starts) never moves.
        <div
          className="mb-8 aspect-[2/1] overflow-hidden rounded-xl bg-muted sm:mb-10 sm:aspect-[5/2] lg:aspect-[3/1]"
          data-testid="gallery-cover"
        >
          {/* The same photo is in the grid below, named there: here it is the album's picture. */}
          {coverSrc && <img src={coverSrc} alt="" decoding="async" className="size-full object-cover" />}
        </div>
      )}
      <GalleryHeading
        title={found.album_name}
        description={found.album_description}
        facts={photos.data ? [complete ? photoCount(shown.length) : 'Loading photos...'] : []}
        actions={
          shown.length > 0 ? (
            <div className="flex flex-wrap gap-3">
              {canDownload && <DownloadAllButton percent={percent} ready={complete} onClick={() => void downloadAll()} />}
              {(online || saveOffline.saved) && (
                <SaveOfflineButton
                  progress={saveOffline.progress}
                  saved={saveOffline.saved}
                  ready={complete}
                  onSave={() => void saveOffline.save()}
                />
              )}
            </div>
          ) : undefined
        }
      />
      {needsPasscode ? (
        <>
          <NoPhotos title="This gallery is protected" description="Enter the passcode to see the photos." />
          <Suspense>
            <PasscodeDialog onSubmit={submitPasscode} onLeave={() => void navigate('/')} />
          </Suspense>
        </>
      ) : !photosRevealed ? (
        <GalleryLoadingInline />
      ) : photos.error ? (
        <NoPhotos title="Failed to load gallery content" description="Check your connection and reload the page." />
      ) : shown.length === 0 ? (
        <NoPhotos title="No photos yet" description="Your photographer has not added photos to this gallery yet." />
      ) : (
        <PhotoGallery photos={shown} title={found.album_name} onDownload={canDownload ? downloadPhoto : undefined} />
      )}
    </PublicPageFrame>
  );
}

/** Holds a screen's height while the photos load, so the footer is not pulled up and then pushed away (layout shift). */
function GalleryLoadingInline() {
  return (
    <p role="status" className="min-h-svh py-20 text-center text-muted-foreground">
      Loading photos...
    </p>
  );
}
