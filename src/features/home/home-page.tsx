import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function HomePage() {
  return <ScreenPlaceholder title="Photography Portfolio" />;
}
