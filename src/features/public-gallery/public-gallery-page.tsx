import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function PublicGalleryPage() {
  return <ScreenPlaceholder title="Public Gallery" />;
}
