import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { getAlbumPhotosByToken, getGalleryLinkByToken, setGalleryContext, validateGalleryPasscode } from '@/lib/backend/client-links';
import { BackendError } from '@/lib/backend/errors';
import { toShownPhotos } from '@/ui/photos/photo-sources';
import { notify } from '@/ui/toast';
import { forgetAcceptedPasscode, readAcceptedPasscode, rememberAcceptedPasscode } from './accepted-passcode';
import { clientKeys } from './client-keys';

/**
 * A client's share link (SPEC §2 client link view, §4): the link, then — once the link needs
 * no passcode or the server accepted one — its photos. Photos are never requested before.
 */
export function useClientGallery(token: string) {
  const backend = useBackend();
  const [enteredPasscode, setEnteredPasscode] = useState<string | null>(null);

  const link = useQuery({
    queryKey: clientKeys.link(token),
    queryFn: async () => {
      const [found] = await Promise.all([getGalleryLinkByToken(backend, token), setGalleryContext(backend, token)]);
      if (!found?.has_passcode) return { link: found, acceptedPasscode: null };
      // A passcode this tab entered before is checked again: the photographer may have changed it.
      const remembered = readAcceptedPasscode(token);
      const stillValid = remembered !== null && (await validateGalleryPasscode(backend, token, remembered));
      if (!stillValid) forgetAcceptedPasscode(token);
      return { link: found, acceptedPasscode: stillValid ? remembered : null };
    },
    staleTime: Infinity,
  });

  const passcode = enteredPasscode ?? link.data?.acceptedPasscode ?? null;
  const unlocked = !!link.data?.link && (!link.data.link.has_passcode || passcode !== null);

  const photos = useQuery({
    queryKey: [...clientKeys.photos(token), passcode],
    queryFn: async () => toShownPhotos(backend, await getAlbumPhotosByToken(backend, token, passcode ?? undefined)),
    enabled: unlocked,
  });

  /** Checks a passcode with the server; true when accepted (the photos then load). */
  async function submitPasscode(value: string): Promise<boolean> {
    try {
      if (await validateGalleryPasscode(backend, token, value)) {
        rememberAcceptedPasscode(token, value);
        setEnteredPasscode(value);
        return true;
      }
      notify.error('Please enter the correct passcode', 'Invalid Passcode');
    } catch (error) {
      console.error('Failed to validate passcode', error);
      notify.error(error instanceof BackendError && error.kind === 'rate-limited' ? error.message : 'Failed to validate passcode');
    }
    return false;
  }

  return {
    link,
    /** Undefined while loading, null when the link is invalid, inactive or expired. */
    found: link.data?.link,
    needsPasscode: !!link.data?.link?.has_passcode && passcode === null,
    photos,
    submitPasscode,
  };
}
