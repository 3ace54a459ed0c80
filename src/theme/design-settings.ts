import type { SiteSettings } from '@/lib/backend/site-settings';
import { isHexColor } from './color';

/** The choices the server accepts (private.checked_setting) and SPEC §9 lists. */
export const BACKGROUND_STYLES = ['clean', 'subtle', 'gradient', 'dreamy'] as const;
export const HEADING_FONTS = ['Playfair Display', 'Cormorant'] as const;
export const BODY_FONTS = ['Lato', 'Open Sans', 'Source Sans Pro', 'Nunito'] as const;
export const CONTACT_METHODS = ['email', 'phone', 'instagram', 'facebook', 'website'] as const;
export const HERO_BLUR = { min: 0, max: 20, step: 1 } as const;
export const HERO_OPACITY = { min: 0, max: 100, step: 5 } as const;

export type BackgroundStyle = (typeof BACKGROUND_STYLES)[number];
export type HeadingFont = (typeof HEADING_FONTS)[number];
export type BodyFont = (typeof BODY_FONTS)[number];
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** Every site setting with a usable value: what the theme, the design screen and public pages work with. */
export interface SiteDesign {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  background_color: string;
  background_style: BackgroundStyle;
  heading_font: HeadingFont;
  body_font: BodyFont;
  hero_background_image: string | null;
  /** Pixels, 0 to 20. */
  hero_background_blur: number;
  /** Percent, 0 to 100. */
  hero_background_opacity: number;
  contact_method: ContactMethod;
  contact_value: string;
  contact_button_text: string;
  contact_button_subtitle: string;
}

/** The recommended design (SPEC §9); 'Reset' on Site Design restores exactly these. */
export const DESIGN_DEFAULTS = {
  primary_color: '#E8C4C4',
  secondary_color: '#C4D4C4',
  accent_color: '#D4C4B4',
  background_color: '#FEFEFE',
  background_style: 'clean',
  heading_font: 'Playfair Display',
  body_font: 'Lato',
  hero_background_blur: 0,
  hero_background_opacity: 100,
  contact_method: 'email',
  contact_button_text: "Let's Connect",
  contact_button_subtitle: "Ready to capture your story? I'd love to hear from you.",
} as const satisfies Partial<SiteDesign>;

/** The example address a fresh install's contact button opens (supabase/seed.sql). */
export const EXAMPLE_CONTACT = 'hello@example.com';

/** Whether the contact button still opens nothing of the photographer's own (empty, or the example). */
export const isExampleContact = (value: string | null | undefined) =>
  !value?.trim() || value.trim().toLowerCase() === EXAMPLE_CONTACT;

const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

function wholeNumber(value: unknown, min: number, max: number, fallback: number): number {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d+$/.test(text)) return fallback;
  return Math.min(max, Math.max(min, Number(text)));
}

const text = (value: string | null | undefined, fallback: string) =>
  value && value.trim() !== '' ? value : fallback;

/** Stored settings (any of them missing or unusable) → a complete design, defaults filling the gaps. */
export function withDefaults(settings: SiteSettings | null | undefined): SiteDesign {
  const s = settings ?? {};
  const colour = (value: string | null | undefined, fallback: string) =>
    isHexColor(value) ? value.trim().toUpperCase() : fallback;
  return {
    primary_color: colour(s.primary_color, DESIGN_DEFAULTS.primary_color),
    secondary_color: colour(s.secondary_color, DESIGN_DEFAULTS.secondary_color),
    accent_color: colour(s.accent_color, DESIGN_DEFAULTS.accent_color),
    background_color: colour(s.background_color, DESIGN_DEFAULTS.background_color),
    background_style: oneOf(
      BACKGROUND_STYLES,
      s.background_style,
      DESIGN_DEFAULTS.background_style,
    ),
    heading_font: oneOf(HEADING_FONTS, s.heading_font, DESIGN_DEFAULTS.heading_font),
    body_font: oneOf(BODY_FONTS, s.body_font, DESIGN_DEFAULTS.body_font),
    hero_background_image: s.hero_background_image?.trim() || null,
    hero_background_blur: wholeNumber(
      s.hero_background_blur,
      HERO_BLUR.min,
      HERO_BLUR.max,
      DESIGN_DEFAULTS.hero_background_blur,
    ),
    hero_background_opacity: wholeNumber(
      s.hero_background_opacity,
      HERO_OPACITY.min,
      HERO_OPACITY.max,
      DESIGN_DEFAULTS.hero_background_opacity,
    ),
    contact_method: oneOf(CONTACT_METHODS, s.contact_method, DESIGN_DEFAULTS.contact_method),
    contact_value: s.contact_value ?? '',
    contact_button_text: text(s.contact_button_text, DESIGN_DEFAULTS.contact_button_text),
    contact_button_subtitle: text(
      s.contact_button_subtitle,
      DESIGN_DEFAULTS.contact_button_subtitle,
    ),
  };
}

/** The design with the recommended defaults applied; the hero image and contact value are the photographer's own and stay. */
export function resetToDefaults(design: SiteDesign): SiteDesign {
  return { ...design, ...DESIGN_DEFAULTS };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A design → every setting, as admin_update_site_settings takes them (empty optional text → null, SPEC §5). */
export function toSiteSettings(design: SiteDesign): Required<SiteSettings> {
  return {
    primary_color: design.primary_color,
    secondary_color: design.secondary_color,
    accent_color: design.accent_color,
    background_color: design.background_color,
    background_style: design.background_style,
    heading_font: design.heading_font,
    body_font: design.body_font,
    hero_background_image: design.hero_background_image,
    hero_background_blur: String(design.hero_background_blur),
    hero_background_opacity: String(design.hero_background_opacity),
    contact_method: design.contact_method,
    contact_value: orNull(design.contact_value),
    contact_button_text: orNull(design.contact_button_text),
    contact_button_subtitle: orNull(design.contact_button_subtitle),
  };
}
