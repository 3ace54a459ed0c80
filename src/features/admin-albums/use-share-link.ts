import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AdminQueryKey } from '@/lib/admin-data';
import { newAccessToken } from '@/lib/backend/access-token';
import { useBackend } from '@/lib/backend/backend-context';
import { listGalleryLinks } from '@/lib/backend/gallery-links';
import { INITIAL_LINK_DEFAULTS, readLinkDefaults } from '@/lib/backend/link-defaults';
import { newestUsableLink, newLinkValues } from '@/lib/share-link';
import { useOutbox, useSubmitChange } from '@/offline/outbox/outbox-provider';
import { waitingLinkDefaults } from '@/offline/outbox/kinds/settings';
import { overlayRows } from '@/offline/outbox/overlay';
import { newChange } from '@/offline/outbox/registry';
import { linkDefaultsKey } from '@/offline/outbox/use-link-defaults';

/** The link Share shows: what the client opens and what the message says. */
export interface SharedLink {
  id: string;
  accessToken: string;
  passcode: string | null;
  expiresAt: string | null;
}

// The Client Links screen's list: one cache for both screens.
const linksKey = () => ['admin', 'gallery-links'] as const satisfies AdminQueryKey;

/**
 * Share's one step: the collection's newest usable link, or a new one made with the saved
 * defaults through the outbox ('link.create', so it is made offline too and sent later).
 * Resolves to the link and whether it waits to be sent, or null when the server refused it
 * (the outbox's toast says so).
 */
export function useShareLink(albumId: string, albumName: string) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  const submit = useSubmitChange();

  /** The server's answer when there is a connection, else (or when it fails) what this device has kept. */
  const freshOrKept = useCallback(
    async <T>(queryKey: QueryKey, queryFn: () => Promise<T>): Promise<T | undefined> => {
      if (navigator.onLine) {
        try {
          return await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0, retry: false });
        } catch (error) {
          console.warn('Share reads what this device has kept', error);
        }
      }
      return queryClient.getQueryData<T>(queryKey);
    },
    [queryClient],
  );

  return useCallback(async (): Promise<{ link: SharedLink; created: boolean } | null> => {
    const items = outbox.engine.getSnapshot().items;
    const server = (await freshOrKept(linksKey(), () => listGalleryLinks(backend))) ?? [];
    const existing = newestUsableLink(overlayRows('links', server, items), albumId);
    if (existing) {
      return {
        link: {
          id: existing.id,
          accessToken: existing.access_token,
          passcode: existing.passcode,
          expiresAt: existing.expires_at,
        },
        created: false,
      };
    }
    // A save still waiting on this device is the photographer's latest word.
    const waitingDefaults = waitingLinkDefaults(items);
    const defaults =
      waitingDefaults ??
      (await freshOrKept(linkDefaultsKey(), () => readLinkDefaults(backend))) ??
      INITIAL_LINK_DEFAULTS;
    const values = newLinkValues(defaults);
    const link: SharedLink = {
      id: crypto.randomUUID(),
      accessToken: await newAccessToken(backend, navigator.onLine),
      passcode: values.passcode,
      expiresAt: values.expiresAt,
    };
    const result = await submit(
      newChange('link.create', {
        id: link.id,
        albumId,
        albumName,
        accessToken: link.accessToken,
        ...values,
      }),
      {
        success: 'Link created',
        successDescription: 'Share it with your client.',
        failure: 'Failed to create gallery link',
      },
    );
    return result === 'failed' ? null : { link, created: true };
  }, [outbox, freshOrKept, backend, albumId, albumName, submit]);
}
