import { Camera, Heart, Sparkles, Star, type LucideIcon, type LucideProps } from 'lucide-react';
import type { ServiceIcon as ServiceIconName } from '@/lib/backend/database.types';

/** The spec's icon names are lucide's (SPEC §3). */
export const SERVICE_ICON_COMPONENTS: Record<ServiceIconName, LucideIcon> = {
  Heart,
  Star,
  Camera,
  Sparkles,
};

/** A package's icon; an unknown name falls back to Heart, the default. */
export function ServiceIcon({ name, ...props }: LucideProps & { name: string }) {
  const Icon = SERVICE_ICON_COMPONENTS[name as ServiceIconName] ?? Heart;
  return <Icon {...props} />;
}
