import type { SiteSettings } from '@/lib/backend/site-settings';
import { backgroundCss } from './background-styles';
import {
  formatHsl,
  hexToHsl,
  hexToHslParts,
  hslToHex,
  inkFor,
  readableOn,
  relativeLuminance,
  type Hsl,
} from './color';
import { withDefaults, type SiteDesign } from './design-settings';
import { fontFamily } from './fonts';

/** The <style> holding the theme of a page the server drew, until the page applies it itself. */
export const SERVER_THEME_ID = 'server-theme';

/** CSS custom properties by name ('--primary' → '0 43.9% 83.9%'). */
export type ThemeVariables = Record<`--${string}`, string>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const shade = ({ h, s, l }: Hsl, change: { s?: number; l: number }): string =>
  formatHsl({ h, s: change.s ?? s, l: clamp(l + change.l, 0, 100) });

/**
 * A complete design → the theme's CSS variables (see src/index.css): the four colours as HSL
 * triples, text colours chosen for contrast, the derived neutrals (card, muted, border,
 * input, ring) tinted by the palette, the two fonts, the background style and the hero filters.
 */
export function designVariables(design: SiteDesign): ThemeVariables {
  const background = hexToHslParts(design.background_color);
  const accent = hexToHslParts(design.accent_color);
  const primary = hexToHslParts(design.primary_color);
  const lightPage = relativeLuminance(inkFor(design.background_color)) < 0.5;
  const ink = (hex: string) => hexToHsl(inkFor(hex));
  const foreground = ink(design.background_color);
  // Neutrals take the accent's hue, barely saturated, so greys sit warm or cool with the palette.
  const neutral: Hsl = { h: accent.h, s: Math.min(accent.s, 18), l: background.l };
  const muted: Hsl = { ...neutral, l: clamp(background.l + (lightPage ? -4.5 : 8), 0, 100) };
  const card = lightPage
    ? formatHsl({ ...background, l: background.l + (100 - background.l) * 0.7 })
    : shade(background, { l: 5 });

  return {
    '--background': formatHsl(background),
    '--foreground': foreground,
    '--card': card,
    '--card-foreground': foreground,
    '--popover': card,
    '--popover-foreground': foreground,
    '--primary': formatHsl(primary),
    '--primary-foreground': ink(design.primary_color),
    '--secondary': hexToHsl(design.secondary_color),
    '--secondary-foreground': ink(design.secondary_color),
    '--accent': formatHsl(accent),
    '--accent-foreground': ink(design.accent_color),
    '--muted': formatHsl(muted),
    '--muted-foreground': formatHsl(
      readableOn(
        hslToHex(muted),
        { h: accent.h, s: Math.min(accent.s, 8), l: lightPage ? 40 : 72 },
        lightPage ? 'dark' : 'light',
      ),
    ),
    '--border': shade(neutral, { s: Math.min(accent.s, 14), l: lightPage ? -11 : 14 }),
    '--input': shade(neutral, { s: Math.min(accent.s, 14), l: lightPage ? -14 : 18 }),
    // A focus ring that shows on the page even when the primary colour is pale.
    '--ring': formatHsl({
      ...primary,
      l: lightPage ? Math.min(primary.l, 60) : Math.max(primary.l, 65),
    }),
    '--heading-font': fontFamily(design.heading_font),
    '--body-font': fontFamily(design.body_font),
    '--site-background': backgroundCss(design.background_style, design),
    '--hero-blur': `${design.hero_background_blur}px`,
    '--hero-opacity': String(design.hero_background_opacity / 100),
  };
}

/** Stored site settings → the theme's CSS variables, SPEC §9 defaults for anything missing. */
export function themeVariables(settings: SiteSettings | null | undefined): ThemeVariables {
  return designVariables(withDefaults(settings));
}

/**
 * Sets the variables as inline custom properties of `element`; the returned function puts
 * back whatever inline values were there before (so a preview leaves no trace).
 */
export function applyTheme(element: HTMLElement, variables: ThemeVariables): () => void {
  const previous = Object.keys(variables).map(
    (name) => [name, element.style.getPropertyValue(name)] as const,
  );
  for (const [name, value] of Object.entries(variables)) element.style.setProperty(name, value);
  return () => {
    for (const [name, value] of previous) {
      if (value === '') element.style.removeProperty(name);
      else element.style.setProperty(name, value);
    }
  };
}
