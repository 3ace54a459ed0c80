import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function AlbumGalleryPage() {
  return <ScreenPlaceholder title="Gallery" />;
}
