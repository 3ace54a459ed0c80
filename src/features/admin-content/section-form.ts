import { z } from '@/lib/schema';
import type { PageContentRow, PageContentUpdate, SectionName } from '@/lib/backend/database.types';

/** SPEC §5/§9: the only section names a page may have, in the order the select offers them. */
export const SECTION_NAMES = [
  'hero',
  'intro',
  'about-story',
  'services',
  'testimonials',
  'contact',
  'cta',
] as const satisfies readonly SectionName[];

/** What the photographer sees for each section name; the stored value stays the name (SPEC §5). */
export const SECTION_LABELS: Record<SectionName, string> = {
  hero: 'Hero',
  intro: 'Introduction',
  'about-story': 'About — my story',
  services: 'Services',
  testimonials: 'Testimonials',
  contact: 'Contact',
  cta: 'Call to action',
};

/** Where the home page shows a section's image, in the photographer's words. */
export function imageHint(name: string): string {
  if (name === 'hero')
    return 'Shown behind the words at the top of your home page (unless Design sets a background).';
  if (name === 'about-story') return 'Shown beside your story on the home page.';
  return 'The home page shows images for the hero and your story only.';
}

/** A section's label; a name this version does not know (a newer one's) shows as itself. */
export function sectionLabel(name: string): string {
  return Object.hasOwn(SECTION_LABELS, name) ? SECTION_LABELS[name as SectionName] : name;
}

// The same rule as the database's private.is_safe_link, so a bad link is caught before sending.
const SAFE_LINK = /^(https?:\/\/\S+|mailto:\S+|tel:[+0-9() .-]+|\/(?!\/)\S*|#\S*)$/i;
const IMAGE_LINK = /^(https?:\/\/\S+|\/(?!\/)\S*)$/i;

const text = (max: number) => z.string().max(max, `At most ${max} characters`);
const link = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(2000, 'At most 2000 characters')
    .refine((value) => value === '' || pattern.test(value), message);
/** A whole number in [min, max] typed as text; empty means "not set". */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (/^-?\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    );

export const sectionSchema = z.object({
  sectionName: z
    .string()
    .refine(
      (value) => (SECTION_NAMES as readonly string[]).includes(value),
      'Section name is required',
    ),
  title: text(300),
  subtitle: text(500),
  content: text(20000),
  buttonText: text(100),
  buttonLink: link(
    SAFE_LINK,
    'Button links must start with http://, https://, mailto:, tel:, / or #',
  ),
  imageUrl: link(IMAGE_LINK, 'Image links must start with http://, https:// or /'),
  blur: wholeNumber(0, 20, 'Blur must be a whole number from 0 to 20'),
  opacity: wholeNumber(0, 100, 'Opacity must be a whole number from 0 to 100'),
  isActive: z.boolean(),
});
export type SectionFormValues = z.infer<typeof sectionSchema>;

/**
 * Every column of a section the dialog writes; page and section name are set once, at
 * creation, and the place in the list is the list's (Move up / Move down), not the form's.
 */
export type SectionFields = Omit<Required<PageContentUpdate>, 'sort_order'>;

/** The form's starting values: the section being edited, or an empty active section. */
export function sectionFormValues(section?: PageContentRow): SectionFormValues {
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    sectionName: section?.section_name ?? '',
    title: section?.title ?? '',
    subtitle: section?.subtitle ?? '',
    content: section?.content ?? '',
    buttonText: section?.button_text ?? '',
    buttonLink: section?.button_link ?? '',
    imageUrl: section?.image_url ?? '',
    blur: number(section?.blur),
    opacity: number(section?.opacity),
    isActive: section?.is_active ?? true,
  };
}

/** Trimmed text, or null when nothing is left (SPEC §5: empty optional fields are saved as null). */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** Checked form values as the row's columns: empty text and numbers become null. */
export function toSectionFields(values: SectionFormValues): SectionFields {
  return {
    title: textOrNull(values.title),
    subtitle: textOrNull(values.subtitle),
    content: textOrNull(values.content),
    button_text: textOrNull(values.buttonText),
    button_link: textOrNull(values.buttonLink),
    image_url: textOrNull(values.imageUrl),
    blur: numberOrNull(values.blur),
    opacity: numberOrNull(values.opacity),
    is_active: values.isActive,
  };
}
