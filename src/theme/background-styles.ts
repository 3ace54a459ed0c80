import { formatHsl, hexToHslParts } from './color';
import type { BackgroundStyle } from './design-settings';

export interface BackgroundPalette {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  background_color: string;
}

/** hsl() of a hex colour at some opacity, e.g. 'hsl(0 43.9% 83.9% / 0.35)'. */
const tint = (hex: string, alpha = 1) =>
  `hsl(${formatHsl(hexToHslParts(hex))}${alpha < 1 ? ` / ${alpha}` : ''})`;

/** How each background style reads, for the style picker. */
export const BACKGROUND_STYLE_LABELS: Record<
  BackgroundStyle,
  { label: string; description: string }
> = {
  clean: { label: 'Clean', description: 'Your background colour, plain' },
  subtle: { label: 'Subtle', description: 'A soft tint of the palette' },
  gradient: { label: 'Gradient', description: 'A gentle primary to secondary wash' },
  dreamy: { label: 'Dreamy', description: 'Soft glowing colour blends' },
};

/**
 * A background style as a CSS `background` value, built from concrete colours (not var()
 * references) so it reads the same wherever the variable holding it is used.
 */
export function backgroundCss(style: BackgroundStyle, palette: BackgroundPalette): string {
  const base = tint(palette.background_color);
  const { primary_color: primary, secondary_color: secondary, accent_color: accent } = palette;
  switch (style) {
    case 'clean':
      return base;
    case 'subtle':
      return `linear-gradient(180deg, ${tint(accent, 0.16)} 0%, ${tint(secondary, 0.08)} 55%, ${tint(palette.background_color, 0)} 100%), ${base}`;
    case 'gradient':
      return `linear-gradient(135deg, ${tint(primary, 0.42)} 0%, ${tint(palette.background_color, 0.6)} 50%, ${tint(secondary, 0.42)} 100%), ${base}`;
    case 'dreamy':
      return [
        `radial-gradient(ellipse 60% 50% at 12% 18%, ${tint(primary, 0.5)}, transparent 70%)`,
        `radial-gradient(ellipse 55% 45% at 88% 30%, ${tint(secondary, 0.5)}, transparent 70%)`,
        `radial-gradient(ellipse 70% 50% at 50% 100%, ${tint(accent, 0.45)}, transparent 70%)`,
        base,
      ].join(', ');
  }
}
