import { ScreenPlaceholder } from '@/ui/screen-placeholder';

export function SettingsPage() {
  return <ScreenPlaceholder title="Settings" />;
}
