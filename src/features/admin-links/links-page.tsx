import { useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Link2, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBackend } from '@/lib/backend/backend-context';
import { changes } from '@/offline/outbox/registry';
import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { useLinkDefaults } from '@/offline/outbox/use-link-defaults';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { notify } from '@/ui/toast';
import { newAccessToken } from '@/lib/backend/access-token';
import { copyText } from '@/lib/copy-text';
import { clientLinkUrl } from '@/lib/share-link';
import { FavouritesDialog, linkFavouritesQuery } from './favourites-dialog';
import { toLinkUpdate, type LinkSettings } from './link-form';
import { LinkFormDialog } from './link-form-dialog';
import { LinkRow } from './link-row';
import type { ShownLink } from './links-overlay';
import { useGalleryLinks } from './use-gallery-links';

/** /admin/links: every client link, newest first, with create, edit, copy, (de)activate, delete (SPEC §2). */
export function LinksPage() {
  const backend = useBackend();
  const navigate = useNavigate();
  const submit = useSubmitChange();
  const { links, albums, isPending, albumsLoading } = useGalleryLinks();
  const { defaults } = useLinkDefaults();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShownLink | null>(null);
  const [deleting, setDeleting] = useState<ShownLink | null>(null);
  const [viewingFavourites, setViewingFavourites] = useState<ShownLink | null>(null);
  const queryClient = useQueryClient();
  // Read ahead while online, so the photographer sees the last known picks at a shoot with no network.
  // The list is rebuilt whenever the outbox moves; picks read in the last minute are not read again
  // (opening 'View Favourites' always reads them afresh).
  useEffect(() => {
    if (!navigator.onLine) return;
    for (const link of links) {
      if (link.favourite_count > 0)
        void queryClient.prefetchQuery({
          ...linkFavouritesQuery(backend, link.id),
          staleTime: 60_000,
        });
    }
  }, [links, queryClient, backend]);
  // One clock per render, so every row judges 'Expired' against the same moment.
  const now = new Date();

  const create = async (settings: LinkSettings) => {
    const albumName = albums.find((album) => album.id === settings.albumId)?.name ?? '';
    const accessToken = await newAccessToken(backend, navigator.onLine);
    const result = await submit(
      changes.createLink({ id: crypto.randomUUID(), accessToken, albumName, ...settings }),
      {
        success: 'Link created',
        failure: 'Failed to create gallery link',
      },
    );
    return result !== 'failed';
  };
  const update = async (settings: LinkSettings) => {
    if (!editing) return false;
    const result = await submit(
      changes.updateLink({
        id: editing.id,
        albumName: editing.album_name,
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
      changes.updateLink({
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
    submit(changes.deleteLink({ id: link.id, albumName: link.album_name }), {
      success: 'Link deleted',
      failure: 'Failed to delete gallery link',
    }).catch((error: unknown) => console.error('Deleting the link failed', error));
  };
  // Shows its own failures, so `void copy(link)` below drops nothing.
  const copy = async (link: ShownLink) => {
    try {
      await copyText(clientLinkUrl(link.access_token));
      notify.success('Copied!', 'The client link is on your clipboard.');
    } catch (error) {
      console.error('Copy failed', error);
      notify.error('The link could not be copied. Open it and copy it from the address bar.');
    }
  };

  const newLinkButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> New Client Link
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Client Links"
        description="Share private collections with your clients, with a passcode and an expiry if you like."
        actions={
          <>
            <Button variant="outline" onClick={() => void navigate('/admin/albums?new=1')}>
              <FolderPlus aria-hidden /> New Collection
            </Button>
            {newLinkButton}
          </>
        }
      />
      {isPending ? (
        <PageLoader />
      ) : links.length === 0 ? (
        <EmptyState
          icon={Link2}
          title="No client links yet"
          description="Create a link to share a collection privately with your client."
          action={newLinkButton}
        />
      ) : (
        <div className="grid gap-3">
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              now={now}
              onCopy={() => void copy(link)}
              onViewFavourites={() => setViewingFavourites(link)}
              onEdit={() => setEditing(link)}
              onToggleActive={() => toggleActive(link)}
              onDelete={() => setDeleting(link)}
            />
          ))}
        </div>
      )}
      <LinkFormDialog
        open={creating}
        onOpenChange={setCreating}
        albums={albums}
        albumsLoading={albumsLoading}
        defaults={defaults}
        onSubmit={create}
      />
      <LinkFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        link={editing ?? undefined}
        albums={albums}
        albumsLoading={albumsLoading}
        onSubmit={update}
      />
      {viewingFavourites && (
        <FavouritesDialog link={viewingFavourites} onClose={() => setViewingFavourites(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete client link?"
        description={
          deleting
            ? `Your client will no longer be able to open “${deleting.album_name}” with this link. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Link"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
