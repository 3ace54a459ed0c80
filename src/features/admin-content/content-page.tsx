import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function ContentPage() {
  return <ScreenPlaceholder title="Page Content" />;
}
