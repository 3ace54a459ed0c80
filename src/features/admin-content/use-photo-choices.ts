import { useCollectionPhotos } from '@/ui/photos/use-collection-photos';
import { useErrorToast } from '@/ui/use-error-toast';
import { contentKeys } from './content-keys';

/**
 * The photos a section's image can be chosen from: every collection's photos on the server,
 * asked for only while the chooser is open. Only photos with a preview rendition are offered:
 * that public 2048 px image is what a section shows, never the private original.
 */
export function usePhotoChoices(enabled: boolean) {
  const { albums, photos, isPending, error } = useCollectionPhotos({
    albumsKey: contentKeys.photoChoiceAlbums(),
    photosKey: contentKeys.photoChoicePhotos,
    enabled,
  });
  useErrorToast(error, 'Failed to load your photos');
  return {
    albums: (albums ?? []).filter((album) => album.photo_count > 0),
    photos: photos.filter((photo) => photo.preview_url),
    isPending,
  };
}
