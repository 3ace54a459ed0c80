import type { BodyFont, HeadingFont } from './design-settings';
import { fallbackFamilies } from './font-fallbacks';

/**
 * The families the site's fonts are served as (@fontsource, imported in src/index.css).
 * 'Source Sans Pro' is the stored name (SPEC §9); it is published today as 'Source Sans 3'.
 */
export const FONT_FAMILIES: Record<HeadingFont | BodyFont, string> = {
  'Playfair Display': 'Playfair Display',
  Cormorant: 'Cormorant',
  Lato: 'Lato',
  'Open Sans': 'Open Sans',
  'Source Sans Pro': 'Source Sans 3',
  Nunito: 'Nunito',
};

const HEADING_FALLBACK = "Georgia, 'Times New Roman', serif";
const BODY_FALLBACK = 'system-ui, -apple-system, "Segoe UI", sans-serif';

/**
 * The families for --heading-font / --body-font: the web font, then local fonts sized like it
 * (src/theme/font-fallbacks.ts), e.g. "'Lato', 'Lato Fallback: Arial', …".
 */
export function fontFamily(font: HeadingFont | BodyFont): string {
  const family = FONT_FAMILIES[font];
  return [family, ...fallbackFamilies(family)].map((name) => `'${name}'`).join(', ');
}

/** A full font-family value with fallbacks, e.g. to show a font choice in its own font. */
export function fontStack(font: HeadingFont | BodyFont, kind: 'heading' | 'body'): string {
  return `${fontFamily(font)}, ${kind === 'heading' ? HEADING_FALLBACK : BODY_FALLBACK}`;
}
