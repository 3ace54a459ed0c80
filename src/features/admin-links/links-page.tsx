import { useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Link2, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from '@/lib/navigation/navigation';
import { useBackend } from '@/lib/backend/backend-context';
import { useLinkDefaults } from '@/offline/outbox/use-link-defaults';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { FavouritesDialog, linkFavouritesQuery } from './favourites-dialog';
import { LinkFormDialog } from './link-form-dialog';
import { LinkRow } from './link-row';
import type { ShownLink } from './links-overlay';
import { useGalleryLinks } from './use-gallery-links';
import { useLinkActions } from './use-link-actions';

/** The one dialog open over the client links, if any. */
type LinksDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; link: ShownLink }
  | { kind: 'delete'; link: ShownLink }
  | { kind: 'favourites'; link: ShownLink };

const NO_DIALOG: LinksDialog = { kind: 'none' };

/** /admin/links: every client link, newest first, with create, edit, copy, (de)activate, delete (SPEC §2). */
export function LinksPage() {
  const navigate = useNavigate();
  const { links, albums, isPending, albumsLoading } = useGalleryLinks();
  const { defaults } = useLinkDefaults();
  const actions = useLinkActions(albums);
  const [dialog, setDialog] = useState<LinksDialog>(NO_DIALOG);
  const close = (open: boolean) => !open && setDialog(NO_DIALOG);
  const editing = dialog.kind === 'edit' ? dialog.link : null;
  const deleting = dialog.kind === 'delete' ? dialog.link : null;
  usePrefetchFavourites(links);
  // One clock per render, so every row judges 'Expired' against the same moment.
  const now = new Date();

  const newLinkButton = (
    <Button onClick={() => setDialog({ kind: 'create' })}>
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
            <Button variant="outline" onClick={() => navigate('/admin/albums?new=1')}>
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
              onCopy={() => void actions.copy(link)}
              onViewFavourites={() => setDialog({ kind: 'favourites', link })}
              onEdit={() => setDialog({ kind: 'edit', link })}
              onToggleActive={() => actions.toggleActive(link)}
              onDelete={() => setDialog({ kind: 'delete', link })}
            />
          ))}
        </div>
      )}
      <LinkFormDialog
        open={dialog.kind === 'create'}
        onOpenChange={(open) => setDialog(open ? { kind: 'create' } : NO_DIALOG)}
        albums={albums}
        albumsLoading={albumsLoading}
        defaults={defaults}
        onSubmit={actions.create}
      />
      <LinkFormDialog
        open={editing !== null}
        onOpenChange={close}
        link={editing ?? undefined}
        albums={albums}
        albumsLoading={albumsLoading}
        onSubmit={async (settings) => editing !== null && actions.update(editing, settings)}
      />
      {dialog.kind === 'favourites' && (
        <FavouritesDialog link={dialog.link} onClose={() => setDialog(NO_DIALOG)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={close}
        title="Delete client link?"
        description={
          deleting
            ? `Your client will no longer be able to open “${deleting.album_name}” with this link. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Link"
        onConfirm={() => deleting && actions.remove(deleting)}
      />
    </>
  );
}

/**
 * Reads the links' favourites ahead while online, so the photographer sees the last known picks
 * at a shoot with no network. The list is rebuilt whenever the outbox moves; picks read in the
 * last minute are not read again (opening 'View Favourites' always reads them afresh).
 */
function usePrefetchFavourites(links: readonly ShownLink[]) {
  const backend = useBackend();
  const queryClient = useQueryClient();
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
}
