import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function AlbumDetailPage() {
  return <ScreenPlaceholder title="Collection" />;
}
