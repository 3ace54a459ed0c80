import { useBackend } from '@/lib/backend/backend-context';
import { newAccessToken } from '@/lib/backend/access-token';
import { copyText } from '@/lib/copy-text';
import { clientLinkUrl } from '@/lib/share-link';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { notify } from '@/ui/toast';
import { toLinkUpdate, type LinkSettings } from './link-form';
import type { ShownLink } from './links-overlay';

/**
 * What the client links page does to its links: each change goes through the outbox, which
 * tells how it went in a toast. `create` and `update` answer whether their dialog may close.
 */
export function useLinkActions(albums: ReadonlyArray<{ id: string; name: string }>) {
  const backend = useBackend();
  const submit = useSubmitChange();

  const create = async (settings: LinkSettings) => {
    const albumName = albums.find((album) => album.id === settings.albumId)?.name ?? '';
    const accessToken = await newAccessToken(backend, navigator.onLine);
    const result = await submit(
      newChange('link.create', { id: crypto.randomUUID(), accessToken, albumName, ...settings }),
      {
        success: 'Link created',
        failure: 'Failed to create gallery link',
      },
    );
    return result !== 'failed';
  };
  const update = async (link: ShownLink, settings: LinkSettings) => {
    const result = await submit(
      newChange('link.update', {
        id: link.id,
        albumName: link.album_name,
        changes: toLinkUpdate(settings),
      }),
      {
        success: 'Link updated',
        failure: 'Failed to update gallery link',
      },
    );
    return result !== 'failed';
  };
  // Nothing waits for these two: the toasts tell the outcome, and a failure past them (the
  // refused change could not be dropped from the queue) is logged.
  const toggleActive = (link: ShownLink) => {
    const activate = !link.is_active;
    submit(
      newChange('link.update', {
        id: link.id,
        albumName: link.album_name,
        changes: { is_active: activate },
      }),
      {
        success: activate ? 'Link activated' : 'Link deactivated',
        failure: 'Failed to update link status',
      },
    ).catch((error: unknown) => console.error('Updating the link failed', error));
  };
  const remove = (link: ShownLink) => {
    submit(newChange('link.delete', { id: link.id, albumName: link.album_name }), {
      success: 'Link deleted',
      failure: 'Failed to delete gallery link',
    }).catch((error: unknown) => console.error('Deleting the link failed', error));
  };
  // Shows its own failures, so `void copy(link)` drops nothing.
  const copy = async (link: ShownLink) => {
    try {
      await copyText(clientLinkUrl(link.access_token));
      notify.success('Copied!', 'The client link is on your clipboard.');
    } catch (error) {
      console.error('Copy failed', error);
      notify.error('The link could not be copied. Open it and copy it from the address bar.');
    }
  };

  return { create, update, toggleActive, remove, copy };
}
