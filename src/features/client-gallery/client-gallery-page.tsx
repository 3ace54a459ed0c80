import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function ClientGalleryPage() {
  return <ScreenPlaceholder title="Client Gallery" />;
}
