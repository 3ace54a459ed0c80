import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function AlbumsPage() {
  return <ScreenPlaceholder title="Shoot Collections" />;
}
