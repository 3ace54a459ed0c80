import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { recordLinkEvent } from '@/lib/backend/link-activity';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { clientDownloadAccess } from '@/lib/downloads/download-access';
import type { DownloadSize } from '@/lib/downloads/photo-download';
import { safeImageSrc } from '@/lib/safe-url';
import { contactLink } from '@/theme/contact-link';
import { useSiteTheme } from '@/theme/use-site-theme';
import { photoCount } from '@/ui/format';
import { PhotoGallery } from '@/ui/photos/photo-gallery';
import { useZipDownload } from '@/ui/photos/use-zip-download';
import { usePhotoDownload } from '@/ui/photos/use-photo-download';
import { GalleryUnavailable, NoPhotos } from '@/ui/site/gallery-states';
import { ContactButton } from '@/ui/site/contact-button';
import { PublicPageLoading } from '@/ui/site/public-page-loading';
import { GalleryHeading, PublicPageFrame } from '@/ui/site/public-page-frame';
import { usePageTitle } from '@/ui/site/use-page-title';
import { useSiteProfile } from '@/ui/site/use-site-profile';
import { notify } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useRevealed } from '@/ui/use-revealed';
import { useOnline } from '@/ui/use-online';
import { ClientHero, heroImage } from './client-hero';
import { DownloadAllButton, DownloadSizeChoice } from './download-all-button';
import { ExpiredLink } from './expired-link';
import { FavouriteButton } from './favourite-button';
import { FavouritesFilter, FavouritesNotice } from './favourites-filter';
import { SaveOfflineButton } from './save-offline-button';
import { useClientFavourites } from './use-client-favourites';
import { useClientGallery } from './use-client-gallery';
import { useSaveOffline } from './use-save-offline';

// Only a protected link needs the dialog (and its dialog library): an open link's page does not wait for it.
const PasscodeDialog = lazy(async () => ({
  default: (await import('./passcode-dialog')).PasscodeDialog,
}));
// Asked on a device's first heart only.
const WhoIsChoosingDialog = lazy(async () => ({
  default: (await import('./who-is-choosing-dialog')).WhoIsChoosingDialog,
}));

const PHOTOS_ID = 'photos';

/**
 * A client's private album through a share link (/client/{access_token}): the passcode
 * first when the link has one, then the album's cover, full width, with its name, the
 * photographer's and their contact action; then the photos, the viewer and — when the link
 * allows — single downloads and 'Download All Photos'. An expired link: a page saying so, with
 * the contact action. An invalid or inactive one: toast 'Gallery Not Found' and back home.
 */
export function ClientGalleryPage() {
  const { accessToken = '' } = useParams();
  const navigate = useNavigate();
  const { design } = useSiteTheme();
  const { profile } = useSiteProfile();
  const backend = usePublicBackend();
  const { link, found, offline, expired, cover, needsPasscode, passcode, photos, submitPasscode } =
    useClientGallery(accessToken);
  const contact = (tone: 'primary' | 'on-image') => (
    <ContactButton
      method={design.contact_method}
      text={design.contact_button_text}
      link={contactLink(design.contact_method, design.contact_value)}
      tone={tone}
    />
  );
  // Originals are private: each download carries a grant the server issues for this link.
  const access = useMemo(
    () => clientDownloadAccess(backend, accessToken, passcode),
    [backend, accessToken, passcode],
  );
  // A web-size link gives only the 2048 px previews (the server names no original to it); with
  // originals, the client chooses.
  const [chosenSize, setChosenSize] = useState<DownloadSize>('original');
  const webOnly = found?.download_size === 'web';
  const size: DownloadSize = webOnly ? 'web' : chosenSize;
  const downloadOne = usePhotoDownload({ access, size });
  const downloadPhoto = (photo: Parameters<typeof downloadOne>[0]) => {
    downloadOne(photo);
    recordLinkEvent(backend, accessToken, 'downloaded', passcode);
  };
  const online = useOnline();
  const albumName = found?.album_name ?? '';
  const shown = photos.data?.photos ?? [];
  // The first photos show at once; the count, download all and save for offline need them all.
  const complete = photos.data?.complete ?? false;
  const { download, percent } = useZipDownload(albumName, access);
  const downloadAll = () => {
    recordLinkEvent(backend, accessToken, 'downloaded_all', passcode);
    return download(shown, undefined, size);
  };
  const saveOffline = useSaveOffline(accessToken, shown.length, complete);
  const favouritesOn = !!found?.allow_favourites && !needsPasscode && photos.isSuccess;
  const favourites = useClientFavourites(accessToken, passcode, favouritesOn);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const listed =
    favourites.ready && onlyFavourites
      ? shown.filter((photo) => favourites.chosen.has(photo.id))
      : shown;
  useErrorToast(link.error, 'Failed to load gallery');
  // The album's name once the link is open (a protected link's page names nothing before the passcode).
  usePageTitle(
    link.isPending ? undefined : found && !needsPasscode ? found.album_name : null,
    profile.siteName,
  );
  useErrorToast(photos.error, 'Failed to load gallery content');

  // Once a page load has shown the photos, the photographer hears that the link was opened.
  const openedOnce = useRef(false);
  const showsPhotos = photos.isSuccess && shown.length > 0 && !offline;
  useEffect(() => {
    if (!showsPhotos || openedOnce.current) return;
    openedOnce.current = true;
    recordLinkEvent(backend, accessToken, 'opened', passcode);
  }, [showsPhotos, backend, accessToken, passcode]);

  const notFound = link.isSuccess && found === null && !expired;
  useEffect(() => {
    if (!notFound) return;
    notify.error('This gallery link is invalid or has been deactivated', 'Gallery Not Found');
    void navigate('/', { replace: true });
  }, [notFound, navigate]);

  const revealed = useRevealed(!link.isPending && !notFound);
  const photosRevealed = useRevealed(!photos.isPending);
  if (!revealed) return <PublicPageLoading />;
  if (expired && !found) return <ExpiredLink profile={profile} contact={contact('primary')} />;
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
  const facts = photos.data ? [complete ? photoCount(shown.length) : 'Loading photos...'] : [];
  const actions =
    shown.length > 0 ? (
      <div className="flex flex-wrap gap-3">
        {canDownload && (
          <DownloadAllButton
            percent={percent}
            ready={complete}
            onClick={() => void downloadAll()}
          />
        )}
        {canDownload && !webOnly && (
          <DownloadSizeChoice value={chosenSize} onChange={setChosenSize} />
        )}
        {(online || saveOffline.saved) && (
          <SaveOfflineButton
            progress={saveOffline.progress}
            saved={saveOffline.saved}
            ready={complete}
            onSave={() => void saveOffline.save()}
          />
        )}
      </div>
    ) : undefined;
  // The cover opens the gallery once the link is open; an empty album keeps the plain heading.
  const showHero = !needsPasscode && !photos.error && !(complete && shown.length === 0);
  const coverSrc = cover ? safeImageSrc(resolveStorageUrl(backend, cover)) : undefined;
  const hero = showHero ? (
    <ClientHero
      albumName={found.album_name}
      description={found.album_description}
      siteName={profile.siteName}
      image={cover === undefined ? undefined : heroImage(shown, coverSrc)}
      contact={contact('on-image')}
      photosId={PHOTOS_ID}
    />
  ) : undefined;
  return (
    <PublicPageFrame
      profile={profile}
      subtitle={profile.subtitle}
      back={{ to: '/', label: 'Back to Home' }}
      hero={hero}
    >
      {showHero ? (
        <div
          id={PHOTOS_ID}
          className="mb-6 flex scroll-mt-24 flex-col gap-4 sm:mb-8 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-sm tracking-wide text-muted-foreground">{facts.join(' · ')}</p>
          {actions && <div className="shrink-0">{actions}</div>}
        </div>
      ) : (
        <GalleryHeading
          title={found.album_name}
          description={found.album_description}
          facts={facts}
          actions={actions}
        />
      )}
      {needsPasscode ? (
        <>
          <NoPhotos
            title="This gallery is protected"
            description="Enter the passcode to see the photos."
          />
          <Suspense>
            <PasscodeDialog onSubmit={submitPasscode} onLeave={() => void navigate('/')} />
          </Suspense>
        </>
      ) : !photosRevealed ? (
        <GalleryLoadingInline />
      ) : photos.error ? (
        <NoPhotos
          title="Failed to load gallery content"
          description="Check your connection and reload the page."
        />
      ) : shown.length === 0 ? (
        <NoPhotos
          title="No photos yet"
          description="Your photographer has not added photos to this gallery yet."
        />
      ) : (
        <>
          {/* From the first paint on (not once the device's list is read), so the grid never moves. */}
          {favouritesOn && (
            <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <FavouritesFilter
                count={favourites.chosen.size}
                only={onlyFavourites}
                onChange={setOnlyFavourites}
              />
              <FavouritesNotice
                waiting={favourites.waiting}
                online={online}
                refusal={favourites.refusal}
              />
            </div>
          )}
          {listed.length === 0 ? (
            <NoPhotos
              title="No favourites yet"
              description="Tap the heart on a photo to add it to your favourites."
            />
          ) : (
            <PhotoGallery
              // A new list for the viewer and the grid's positions when the filter changes.
              key={onlyFavourites ? 'favourites' : 'all'}
              photos={listed}
              layout={found.photo_layout ?? 'square'}
              onFirstScreen={!showHero}
              onDownload={canDownload ? downloadPhoto : undefined}
              photoAction={
                favourites.ready
                  ? (photo, place) => (
                      <FavouriteButton
                        chosen={favourites.chosen.has(photo.id)}
                        place={place}
                        onToggle={() => favourites.toggle(photo.id)}
                      />
                    )
                  : undefined
              }
            />
          )}
          {favourites.askingName && (
            <Suspense>
              <WhoIsChoosingDialog
                onContinue={favourites.continueAs}
                onCancel={favourites.cancelName}
              />
            </Suspense>
          )}
        </>
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
