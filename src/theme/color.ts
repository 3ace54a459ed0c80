/** Colour helpers: the site design stores colours as '#RRGGBB'; the theme uses HSL triples. */

export interface Hsl {
  /** Hue in degrees, 0 to <360. */
  h: number;
  /** Saturation in percent. */
  s: number;
  /** Lightness in percent. */
  l: number;
}

const HEX = /^#([0-9a-f]{6})$/i;

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && HEX.test(value.trim());

function rgbOf(hex: string): [number, number, number] {
  const match = HEX.exec(hex.trim());
  if (!match) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** '#336699' → { h: 210, s: 50, l: 40 } (unrounded). */
export function hexToHslParts(hex: string): Hsl {
  const [r, g, b] = rgbOf(hex).map((channel) => channel / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s: s * 100, l: l * 100 };
}

// One decimal keeps near-white backgrounds (#FEFEFE → 99.6%) apart from pure white.
const round1 = (value: number) => Math.round(value * 10) / 10;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** { h, s, l } → '210 50% 40%': rounded to one decimal, trailing '.0' dropped, hue 360 → 0. */
export function formatHsl({ h, s, l }: Hsl): string {
  const hue = round1(h) % 360;
  return `${hue} ${round1(clamp(s, 0, 100))}% ${round1(clamp(l, 0, 100))}%`;
}

/** '#E8C4C4' → '0 43.9% 83.9%', the form the theme's CSS variables hold (used as hsl(var(--x))). */
export function hexToHsl(hex: string): string {
  return formatHsl(hexToHslParts(hex));
}

/** { h, s, l } → '#RRGGBB' (the inverse of hexToHslParts, rounded to whole channels). */
export function hslToHex({ h, s, l }: Hsl): string {
  const sat = clamp(s, 0, 100) / 100;
  const light = clamp(l, 0, 100) / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}

/** WCAG relative luminance of a '#RRGGBB' colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colours the theme prefers: a warm near-black ink and an off-white. */
export const DARK_INK = '#2A2622';
export const LIGHT_INK = '#FBF9F7';

const better = (background: string, a: string, b: string) =>
  contrastRatio(background, a) >= contrastRatio(background, b) ? a : b;

/**
 * The text colour that reads better on this colour. The soft inks are used when they reach
 * WCAG AA (4.5:1); on mid-tones (pure red, mid grey) black or white is needed, and one of
 * them always reaches it.
 */
export function inkFor(background: string): string {
  const soft = better(background, DARK_INK, LIGHT_INK);
  return contrastRatio(background, soft) >= 4.5 ? soft : better(background, '#000000', '#FFFFFF');
}

/**
 * A quieter text colour for `surface`: starts at `colour` and moves towards black (or
 * white) until it reads at `minimum` contrast, so secondary text stays legible on any palette.
 */
export function readableOn(
  surface: string,
  colour: Hsl,
  towards: 'dark' | 'light',
  minimum = 4.5,
): Hsl {
  let l = colour.l;
  const step = towards === 'dark' ? -2 : 2;
  while (contrastRatio(surface, hslToHex({ ...colour, l })) < minimum && l > 0 && l < 100)
    l = clamp(l + step, 0, 100);
  return { ...colour, l };
}
