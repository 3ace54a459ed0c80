import type { BodyFont, HeadingFont } from './design-settings';

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

/** The quoted family for --heading-font / --body-font, e.g. "'Source Sans 3'". */
export function fontFamily(font: HeadingFont | BodyFont): string {
  return `'${FONT_FAMILIES[font]}'`;
}

/** A full font-family value with fallbacks, e.g. to show a font choice in its own font. */
export function fontStack(font: HeadingFont | BodyFont, kind: 'heading' | 'body'): string {
  return `${fontFamily(font)}, ${kind === 'heading' ? HEADING_FALLBACK : BODY_FALLBACK}`;
}

/**
 * Starts loading the faces the public pages use of the heading and body fonts (the
 * @font-face rules are in the CSS; the browser would otherwise fetch a face only once text
 * in it is laid out). Resolves when all have loaded or failed.
 */
export function loadSiteFonts(heading: HeadingFont, body: BodyFont): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts?.load) return Promise.resolve();
  const faces = [
    `400 1em ${fontFamily(heading)}`,
    `600 1em ${fontFamily(heading)}`,
    `italic 400 1em ${fontFamily(heading)}`,
    `400 1em ${fontFamily(body)}`,
    // Buttons and labels (font-semibold): Lato's 700, the others' 600. Fetched with the rest
    // rather than after the first paint that needs it.
    `600 1em ${fontFamily(body)}`,
  ];
  return Promise.allSettled(faces.map((face) => document.fonts.load(face)));
}
