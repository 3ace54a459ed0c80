import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function LinksPage() {
  return <ScreenPlaceholder title="Client Links" />;
}
