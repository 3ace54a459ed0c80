import { Images, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from '@/lib/navigation/navigation';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import type { ShownGallery } from './galleries-overlay';
import { GalleryCard } from './gallery-card';
import { GalleryFormDialog, type GalleryFormResult } from './gallery-form-dialog';
import { usePublicGalleries } from './use-public-galleries';

const SAVE_FAILED = 'Failed to create/update gallery.';

/** /admin/public-galleries: curated galleries of photos from any collection (SPEC §2). */
export function PublicGalleriesPage() {
  const { galleries, isPending } = usePublicGalleries();
  const submit = useSubmitChange();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<ShownGallery | null>(null);
  const [deleting, setDeleting] = useState<ShownGallery | null>(null);
  const creating = searchParams.get('new') === '1';
  const setCreating = (open: boolean) =>
    setSearchParams(open ? { new: '1' } : {}, { replace: true });

  // One change creates or updates the gallery and sets its photos, so it syncs as a whole.
  const save = async (values: GalleryFormResult, gallery: { id: string; isNew: boolean }) => {
    const result = await submit(newChange('gallery.save', { ...gallery, ...values }), {
      success: gallery.isNew ? 'Gallery created' : 'Gallery updated',
      failure: SAVE_FAILED,
    });
    return result !== 'failed';
  };
  // Nothing waits for it: the toasts tell the outcome, and a failure past them (the refused
  // change could not be dropped from the queue) is logged.
  const remove = (gallery: ShownGallery) => {
    submit(newChange('gallery.delete', gallery), {
      success: 'Gallery deleted',
      failure: 'Failed to delete gallery.',
    }).catch((error: unknown) => console.error('Deleting the gallery failed', error));
  };

  const newButton = (label: string) => (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Public Galleries"
        description="Hand-picked photos from your collections, shown to every visitor."
        actions={newButton('New Gallery')}
      />
      {isPending ? (
        <PageLoader />
      ) : galleries.length === 0 ? (
        <EmptyState
          icon={Images}
          title="No public galleries yet"
          description="Pick your favourite photos from any collection and show them on your site."
          action={newButton('Create Your First Public Gallery')}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {galleries.map((gallery) => (
            <GalleryCard
              key={gallery.id}
              gallery={gallery}
              onEdit={() => setEditing(gallery)}
              onDelete={() => setDeleting(gallery)}
            />
          ))}
        </div>
      )}
      <GalleryFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSubmit={(values) => save(values, { id: crypto.randomUUID(), isNew: true })}
      />
      <GalleryFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        gallery={editing ?? undefined}
        onSubmit={(values) => save(values, { id: editing!.id, isNew: false })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete gallery?"
        description={
          deleting
            ? `“${deleting.title}” will no longer be shown to visitors. Its photos stay in their collections.`
            : ''
        }
        confirmLabel="Delete Gallery"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
