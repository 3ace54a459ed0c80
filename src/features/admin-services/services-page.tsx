import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function ServicesPage() {
  return <ScreenPlaceholder title="Service Packages" />;
}
