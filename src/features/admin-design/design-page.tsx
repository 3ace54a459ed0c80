import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function DesignPage() {
  return <ScreenPlaceholder title="Site Design" />;
}
