import { lazy, Suspense } from 'react';
import type { PhotoLayout } from '@/lib/backend/database.types';
import { PhotoGallery } from '@/ui/photos/photo-gallery';
import type { ShownPhoto } from '@/ui/photos/photo-sources';
import { NoPhotos } from '@/ui/site/gallery-states';
import { FavouriteButton } from './favourite-button';
import { FavouritesFilter, FavouritesNotice } from './favourites-filter';
import type { ClientFavouritesState } from './use-client-favourites';
import type { PasscodeAnswer } from './use-client-gallery';

// Only a protected link needs the dialog (and its dialog library): an open link's page does not wait for it.
const PasscodeDialog = lazy(async () => ({
  default: (await import('./passcode-dialog')).PasscodeDialog,
}));
// Asked on a device's first heart only.
const WhoIsChoosingDialog = lazy(async () => ({
  default: (await import('./who-is-choosing-dialog')).WhoIsChoosingDialog,
}));

interface ClientPhotosProps {
  needsPasscode: boolean;
  onPasscode: (passcode: string) => Promise<PasscodeAnswer>;
  onLeave: () => void;
  /** The photos' first answer is in (or long enough awaited), and whether it failed. */
  revealed: boolean;
  failed: boolean;
  photos: readonly ShownPhoto[];
  layout: PhotoLayout;
  /** The grid's first photos are the page's first screen (no cover above them). */
  onFirstScreen: boolean;
  onDownload?: (photo: ShownPhoto) => void;
  /** The link allows favourites (and the photos are in), this device's, and the filter. */
  favouritesOn: boolean;
  favourites: ClientFavouritesState;
  onlyFavourites: boolean;
  onOnlyFavouritesChange: (only: boolean) => void;
  online: boolean;
}

/**
 * The client gallery's photos: the passcode first when the link has one, then the photos with
 * the viewer, hearts and the favourites filter where the link allows them, or why there are none.
 */
export function ClientPhotos({
  needsPasscode,
  onPasscode,
  onLeave,
  revealed,
  failed,
  photos,
  layout,
  onFirstScreen,
  onDownload,
  favouritesOn,
  favourites,
  onlyFavourites,
  onOnlyFavouritesChange,
  online,
}: ClientPhotosProps) {
  if (needsPasscode) {
    return (
      <>
        <NoPhotos
          title="This gallery is protected"
          description="Enter the passcode to see the photos."
        />
        <Suspense>
          <PasscodeDialog onSubmit={onPasscode} onLeave={onLeave} />
        </Suspense>
      </>
    );
  }
  if (!revealed) return <GalleryLoadingInline />;
  if (failed) {
    return (
      <NoPhotos
        title="Failed to load gallery content"
        description="Check your connection and reload the page."
      />
    );
  }
  if (photos.length === 0) {
    return (
      <NoPhotos
        title="No photos yet"
        description="Your photographer has not added photos to this gallery yet."
      />
    );
  }
  const listed =
    favourites.ready && onlyFavourites
      ? photos.filter((photo) => favourites.chosen.has(photo.id))
      : photos;
  return (
    <>
      {/* From the first paint on (not once the device's list is read), so the grid never moves. */}
      {favouritesOn && (
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <FavouritesFilter
            count={favourites.chosen.size}
            only={onlyFavourites}
            onChange={onOnlyFavouritesChange}
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
          layout={layout}
          onFirstScreen={onFirstScreen}
          onDownload={onDownload}
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
