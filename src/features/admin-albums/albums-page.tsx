import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from '@/lib/navigation/navigation';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { useOutboxActions, useSubmitChange } from '@/offline/outbox/outbox-provider';
import { isUploadTo } from '@/offline/outbox/kinds/photos';
import { newChange } from '@/offline/outbox/registry';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { photoCount } from '@/ui/format';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import { AlbumCard } from './album-card';
import { CoverChoiceDialog } from './cover-choice-dialog';
import { AlbumFormDialog, type AlbumFormResult } from './album-form-dialog';
import type { ShownAlbum, ShownPhoto } from './albums-overlay';
import { useAlbums } from './use-albums';

/** /admin/albums: the card grid of collections with create, edit and delete (SPEC §2). */
export function AlbumsPage() {
  const { albums, isPending } = useAlbums();
  const submit = useSubmitChange();
  const { discardWhere } = useOutboxActions();
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<ShownAlbum | null>(null);
  const [deleting, setDeleting] = useState<ShownAlbum | null>(null);
  const [choosingCover, setChoosingCover] = useState<ShownAlbum | null>(null);
  const creating = searchParams.get('new') === '1';
  const setCreating = (open: boolean) =>
    setSearchParams(open ? { new: '1' } : {}, { replace: true });

  const create = async (values: AlbumFormResult) => {
    const result = await submit(newChange('album.create', { id: crypto.randomUUID(), ...values }), {
      success: 'Album created successfully',
      failure: 'Failed to create album',
    });
    return result !== 'failed';
  };
  const update = async (values: AlbumFormResult) => {
    if (!editing) return false;
    const result = await submit(newChange('album.update', { id: editing.id, ...values }), {
      success: 'Album updated successfully',
      failure: 'Failed to update album',
    });
    return result !== 'failed';
  };
  const setCover = async (album: ShownAlbum, photo: ShownPhoto) => {
    await submit(
      newChange('album.setCover', {
        albumId: album.id,
        photoId: photo.id,
        coverUrl: photoDisplayUrl(photo),
        albumName: album.name,
        photoName: photo.original_filename,
      }),
      {
        success: 'Cover set',
        successDescription: `${photo.original_filename} is now the cover of ${album.name}.`,
        failure: 'Failed to set the cover. Please try again.',
        preferServerMessage: true,
      },
    );
  };
  const remove = async (album: ShownAlbum) => {
    // Uploads still waiting for this collection would only fail once it is gone.
    await discardWhere((item) => isUploadTo(item, album.id));
    await submit(newChange('album.delete', album), {
      success: 'Album deleted successfully',
      failure: 'Failed to delete album',
    });
  };

  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> New Collection
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Shoot Collections"
        description="Every shoot in one place: upload, organise and share."
        actions={newButton}
      />
      {isPending ? (
        <PageLoader />
      ) : albums.length === 0 ? (
        <EmptyState
          icon={FolderPlus}
          title="No collections yet"
          description="Create a collection for your next shoot, then add its photos."
          action={newButton}
        />
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {albums.map((album) => (
            <AlbumCard
              key={album.id}
              album={album}
              onEdit={() => setEditing(album)}
              onChooseCover={() => setChoosingCover(album)}
              onDelete={() => setDeleting(album)}
            />
          ))}
        </div>
      )}
      <AlbumFormDialog open={creating} onOpenChange={setCreating} onSubmit={create} />
      <AlbumFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        album={editing ?? undefined}
        onSubmit={update}
      />
      <CoverChoiceDialog
        album={choosingCover}
        onOpenChange={(open) => !open && setChoosingCover(null)}
        onChoose={(photo) => choosingCover && void setCover(choosingCover, photo)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete collection?"
        description={
          deleting
            ? `“${deleting.name}” and its ${photoCount(deleting.photo_count)} will be deleted, with its client links. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Collection"
        onConfirm={() =>
          deleting &&
          void remove(deleting).catch((error: unknown) =>
            console.error('The collection could not be deleted', error),
          )
        }
      />
    </>
  );
}
