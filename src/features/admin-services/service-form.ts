import { z } from '@/lib/schema';
import type {
  ServiceIcon,
  ServicePackageRow,
  ServicePackageUpdate,
} from '@/lib/backend/database.types';

/** SPEC §3/§9: the icons a package may show; Heart is the default. */
export const SERVICE_ICONS = [
  'Heart',
  'Star',
  'Camera',
  'Sparkles',
] as const satisfies readonly ServiceIcon[];
export const DEFAULT_ICON: ServiceIcon = 'Heart';

const text = (max: number) => z.string().max(max, `At most ${max} characters`);

export const serviceSchema = z.object({
  name: z.string().trim().min(1, 'Service name is required').max(200, 'At most 200 characters'),
  whimsicalName: text(200),
  description: text(5000),
  priceRange: text(100),
  // Objects, not strings: useFieldArray keys its rows by an id it adds to each object.
  features: z.array(z.object({ value: text(500) })).max(50, 'At most 50 features'),
  iconName: z.enum(SERVICE_ICONS),
  isActive: z.boolean(),
});
export type ServiceFormValues = z.infer<typeof serviceSchema>;

/** Every column of a package the dialog writes (the place in the list is the list's: Move up / Move down). */
export type ServiceFields = Omit<Required<ServicePackageUpdate>, 'sort_order'>;

/** The form's starting values: the package being edited, or an empty active one with one feature line. */
export function serviceFormValues(service?: ServicePackageRow): ServiceFormValues {
  const features = service?.features.length ? service.features : [''];
  return {
    name: service?.name ?? '',
    whimsicalName: service?.whimsical_name ?? '',
    description: service?.description ?? '',
    priceRange: service?.price_range ?? '',
    features: features.map((value) => ({ value })),
    iconName: service?.icon_name ?? DEFAULT_ICON,
    isActive: service?.is_active ?? true,
  };
}

/** Trimmed text, or null when nothing is left (SPEC §5: empty optional fields are saved as null). */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The feature lines worth keeping: trimmed, empty ones dropped (SPEC §5), order kept. */
export function cleanFeatures(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/** Checked form values as the row's columns. */
export function toServiceFields(values: ServiceFormValues): ServiceFields {
  return {
    name: values.name.trim(),
    whimsical_name: textOrNull(values.whimsicalName),
    description: textOrNull(values.description),
    price_range: textOrNull(values.priceRange),
    features: cleanFeatures(values.features.map((feature) => feature.value)),
    icon_name: values.iconName,
    is_active: values.isActive,
  };
}

/** '1 feature', '0 features', '4 features'. */
export function featureCount(count: number): string {
  return `${count} ${count === 1 ? 'feature' : 'features'}`;
}
