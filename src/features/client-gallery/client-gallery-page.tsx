import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRouteParam } from '@/lib/navigation/navigation';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { recordLinkEvent } from '@/lib/backend/link-activity';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { safeImageSrc } from '@/lib/safe-url';
import { contactLink } from '@/theme/contact-link';
import { useSiteTheme } from '@/theme/use-site-theme';
import { photoCount } from '@/ui/format';
import { GalleryUnavailable } from '@/ui/site/gallery-states';
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
import { ClientPhotos } from './client-photos';
import { ExpiredLink } from './expired-link';
import { GalleryActions } from './gallery-actions';
import { useClientDownloads } from './use-client-downloads';
import { useClientFavourites } from './use-client-favourites';
import { useClientGallery } from './use-client-gallery';
import { useSaveOffline } from './use-save-offline';

const PHOTOS_ID = 'photos';

/**
 * A client's private album through a share link (/client/{access_token}): the passcode
 * first when the link has one, then the album's cover, full width, with its name, the
 * photographer's and their contact action; then the photos, the viewer and — when the link
 * allows — single downloads and 'Download All Photos'. An expired link: a page saying so, with
 * the contact action. An invalid or inactive one: toast 'Gallery Not Found' and back home.
 */
export function ClientGalleryPage() {
  const accessToken = useRouteParam() ?? '';
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
  const webOnly = found?.download_size === 'web';
  const online = useOnline();
  const albumName = found?.album_name ?? '';
  const shown = photos.data?.photos ?? [];
  // The first photos show at once; the count, download all and save for offline need them all.
  const complete = photos.data?.complete ?? false;
  const downloads = useClientDownloads({
    accessToken,
    passcode,
    albumName,
    webOnly,
    photos: shown,
  });
  const saveOffline = useSaveOffline(accessToken, shown.length, complete);
  const favouritesOn = !!found?.allow_favourites && !needsPasscode && photos.isSuccess;
  const favourites = useClientFavourites(accessToken, passcode, favouritesOn);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
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
    navigate('/', { replace: true });
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
      <GalleryActions
        canDownload={canDownload}
        webOnly={webOnly}
        complete={complete}
        online={online}
        downloads={downloads}
        saveOffline={saveOffline}
      />
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
      <ClientPhotos
        needsPasscode={needsPasscode}
        onPasscode={submitPasscode}
        onLeave={() => navigate('/')}
        revealed={photosRevealed}
        failed={!!photos.error}
        photos={shown}
        layout={found.photo_layout ?? 'square'}
        onFirstScreen={!showHero}
        onDownload={canDownload ? downloads.downloadPhoto : undefined}
        favouritesOn={favouritesOn}
        favourites={favourites}
        onlyFavourites={onlyFavourites}
        onOnlyFavouritesChange={setOnlyFavourites}
        online={online}
      />
    </PublicPageFrame>
  );
}
