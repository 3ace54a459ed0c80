import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function PublicGalleriesPage() {
  return <ScreenPlaceholder title="Public Galleries" />;
}
