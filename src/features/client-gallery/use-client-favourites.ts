import { useEffect, useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import type { ClientFavourites, FavouritesView } from '@/offline/visitors/client-favourites';
import { notify } from '@/ui/toast';

const NOTHING_CHOSEN: FavouritesView = { name: null, chosen: new Set(), waiting: 0 };

export interface ClientFavouritesState extends FavouritesView {
  /** Hearts can be given (the link allows favourites and this device's list is read). */
  ready: boolean;
  /** Why the server refused this device's hearts (they stay kept here), or null. */
  refusal: string | null;
  /** A heart given or taken back; the first one on this device asks who is choosing. */
  toggle: (photoId: string) => void;
  /** 'Who is choosing?' is open. */
  askingName: boolean;
  /** The name was given: kept for this link on this device, and the heart that asked is given. */
  continueAs: (name: string) => void;
  cancelName: () => void;
}

/**
 * A client's favourites on a link (src/offline/visitors/client-favourites.ts): kept on this
 * device at once, sent when the network allows, read back from the server for the client's name.
 * The store and IndexedDB are loaded only once the link allows favourites.
 */
export function useClientFavourites(
  token: string,
  passcode: string | null,
  enabled: boolean,
): ClientFavouritesState {
  const backend = usePublicBackend();
  const [store, setStore] = useState<ClientFavourites | null>(null);
  const [view, setView] = useState<FavouritesView>(NOTHING_CHOSEN);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [waitingForName, setWaitingForName] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let made: ClientFavourites | undefined;
    const stops: Array<() => void> = [];
    // Back online: what waits goes at once, not at the next retry.
    const onOnline = () => made?.send();
    window.addEventListener('online', onOnline);
    import('@/offline/visitors/client-favourites')
      .then(({ ClientFavourites }) => {
        if (!current) return;
        made = new ClientFavourites(backend, token, passcode);
        stops.push(made.watch(setView), made.onRefusal(setRefusal), () => made?.stop());
        setStore(made);
        made.send();
      })
      .catch((error: unknown) => console.warn('Favourites are not available', error));
    return () => {
      current = false;
      window.removeEventListener('online', onOnline);
      stops.forEach((stop) => stop());
      setStore(null);
      setView(NOTHING_CHOSEN);
    };
  }, [backend, token, passcode, enabled]);

  const kept = (work: Promise<void>) =>
    work.catch((error: unknown) => {
      console.warn('A favourite was not kept', error);
      notify.error(
        'This device could not keep your favourite. Please try again.',
        'Favourite not saved',
      );
    });

  return {
    ...view,
    ready: enabled && store !== null,
    refusal,
    toggle: (photoId) => {
      if (!store) return;
      if (view.name === null) setWaitingForName(photoId);
      else void kept(store.heart(photoId, !view.chosen.has(photoId)));
    },
    askingName: waitingForName !== null,
    continueAs: (name) => {
      const photoId = waitingForName;
      setWaitingForName(null);
      if (!store) return;
      void kept(store.setName(name).then(() => (photoId ? store.heart(photoId, true) : undefined)));
    },
    cancelName: () => setWaitingForName(null),
  };
}
