import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import {
  getAlbumCoverByToken,
  isGalleryLinkExpired,
  validateGalleryPasscode,
} from '@/lib/backend/client-links';
import { BackendError } from '@/lib/backend/errors';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { loadOfflineAlbums } from '@/offline/visitors/load-offline-albums';
import { notify } from '@/ui/toast';
import { clientKeys, openLinkState, serverLinkQuery, type LinkState } from './client-keys';
import { clientPhotosQuery, isNetworkFailure, readOfflineAlbum } from './client-photos-query';

/** What the server made of a passcode; a refusal carries the message for the passcode field. */
export type PasscodeAnswer = { accepted: true } | { accepted: false; message: string };

// One toast for every refusal: a new try replaces the last one's, and unlocking takes it away.
const PASSCODE_TOAST = 'passcode';

function refused(message: string, title?: string): PasscodeAnswer {
  notify.error(message, title, { id: PASSCODE_TOAST });
  return { accepted: false, message };
}

/**
 * A client's share link (SPEC §2 client link view, §4): the link, then — once the link needs
 * no passcode or the server accepted one — its photos. Photos are never requested before.
 * Without a network, an album this device opened before is shown from what it remembered.
 */
export function useClientGallery(token: string) {
  const backend = usePublicBackend();
  const queryClient = useQueryClient();
  const resolve = (url: string) => resolveStorageUrl(backend, url) ?? url;
  const [enteredPasscode, setEnteredPasscode] = useState<string | null>(null);

  const link = useQuery({
    queryKey: clientKeys.link(token),
    queryFn: async (): Promise<LinkState> => {
      try {
        const found = await queryClient.fetchQuery(serverLinkQuery(backend, token));
        if (!found) {
          // Deactivated or expired: nothing of it stays on this device.
          if (await readOfflineAlbum(token))
            await (await loadOfflineAlbums()).forgetOfflineAlbum(token, resolve);
          // Expired: the page says so, with the photographer's contact; otherwise the spec's toast.
          const expired = await isGalleryLinkExpired(backend, token).catch((error: unknown) => {
            console.warn('Could not ask whether the link expired', error);
            return false;
          });
          return { link: null, acceptedPasscode: null, offline: false, expired };
        }
        if (!found.has_passcode) return openLinkState(found);
        // A passcode entered before is checked again: the photographer may have changed it.
        const passcode = (await readOfflineAlbum(token))?.passcode ?? null;
        const stillValid =
          passcode !== null && (await validateGalleryPasscode(backend, token, passcode));
        return {
          link: found,
          acceptedPasscode: stillValid ? passcode : null,
          offline: false,
          expired: false,
        };
      } catch (error) {
        const remembered = isNetworkFailure(error) ? await readOfflineAlbum(token) : undefined;
        if (!remembered) throw error;
        return {
          link: remembered.link,
          acceptedPasscode: remembered.passcode,
          offline: true,
          expired: false,
        };
      }
    },
    staleTime: Infinity,
  });

  const found = link.data?.link;
  const passcode = enteredPasscode ?? link.data?.acceptedPasscode ?? null;
  const unlocked = !!found && (!found.has_passcode || passcode !== null);

  const photos = useQuery({
    ...clientPhotosQuery(backend, token, found, passcode),
    enabled: unlocked,
  });
  // The cover opens the page; offline (or if it fails) the page starts on the first photo.
  const offline = link.data?.offline ?? false;
  const cover = useQuery({
    queryKey: clientKeys.cover(token),
    queryFn: () => getAlbumCoverByToken(backend, token, passcode),
    enabled: unlocked && !offline,
    retry: false,
    staleTime: Infinity,
  });

  /**
   * Checks a passcode with the server. Accepted: the photos load and the passcode's error
   * toasts go. Refused: the message to show under the field (also raised as the spec's toast).
   */
  async function submitPasscode(value: string): Promise<PasscodeAnswer> {
    try {
      if (await validateGalleryPasscode(backend, token, value)) {
        setEnteredPasscode(value);
        // A toast of an earlier wrong try would otherwise stay over the unlocked gallery.
        notify.dismiss(PASSCODE_TOAST);
        return { accepted: true };
      }
      return refused('Please enter the correct passcode', 'Invalid Passcode');
    } catch (error) {
      console.error('Failed to validate passcode', error);
      // Too many attempts: the server's message says how long to wait.
      return refused(
        error instanceof BackendError && error.kind === 'rate-limited'
          ? error.message
          : 'Failed to validate passcode',
      );
    }
  }

  return {
    link,
    /** Undefined while loading, null when the link is invalid, inactive or expired. */
    found,
    offline,
    /** True when the link is not usable because it expired. */
    expired: link.data?.expired ?? false,
    /** The album's cover path; undefined while asked for, null when unknown (none, offline, failed). */
    cover: cover.isPending && !offline ? undefined : (cover.data ?? null),
    needsPasscode: !!found?.has_passcode && passcode === null,
    /** The passcode the server accepted (null for a link without one). */
    passcode,
    photos,
    submitPasscode,
  };
}
