import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  DARK_INK,
  formatHsl,
  hexToHsl,
  hexToHslParts,
  hslToHex,
  inkFor,
  isHexColor,
  LIGHT_INK,
  readableOn,
} from '@/theme/color';

describe('hexToHsl', () => {
  it.each([
    ['#FFFFFF', '0 0% 100%'],
    ['#000000', '0 0% 0%'],
    ['#808080', '0 0% 50.2%'],
    ['#FEFEFE', '0 0% 99.6%'],
    ['#FF0000', '0 100% 50%'],
    ['#00FF00', '120 100% 50%'],
    ['#0000FF', '240 100% 50%'],
    ['#336699', '210 50% 40%'],
    // The design defaults (SPEC §9).
    ['#E8C4C4', '0 43.9% 83.9%'],
    ['#C4D4C4', '120 15.7% 80%'],
    ['#D4C4B4', '30 27.1% 76.9%'],
  ])('%s → %s', (hex, hsl) => {
    expect(hexToHsl(hex)).toBe(hsl);
  });

  it('takes lower case and surrounding spaces', () => {
    expect(hexToHsl('#e8c4c4')).toBe('0 43.9% 83.9%');
    expect(hexToHsl('  #336699 ')).toBe('210 50% 40%');
  });

  it('keeps hues just under 360 instead of wrapping them to 0 too early', () => {
    // A red with a trace of blue sits at 359.8°, not 0°.
    expect(hexToHsl('#FF0001')).toBe('359.8 100% 50%');
    expect(hexToHslParts('#FF0001').h).toBeCloseTo(359.76, 2);
  });

  it('rounds to one decimal and drops a trailing .0', () => {
    expect(formatHsl({ h: 12.34, s: 56.76, l: 78.95 })).toBe('12.3 56.8% 79%');
    expect(formatHsl({ h: 359.96, s: 100.4, l: -0.2 })).toBe('0 100% 0%');
  });

  it('refuses what is not #RRGGBB', () => {
    for (const bad of ['#FFF', 'E8C4C4', '#GGGGGG', '#E8C4C4FF', '', 'red']) {
      expect(isHexColor(bad)).toBe(false);
      expect(() => hexToHsl(bad)).toThrow(/#RRGGBB/);
    }
    expect(isHexColor('#e8C4c4')).toBe(true);
    expect(isHexColor(null)).toBe(false);
  });
});

describe('hslToHex', () => {
  it('is the inverse of hexToHslParts', () => {
    for (const hex of [
      '#FFFFFF',
      '#000000',
      '#E8C4C4',
      '#336699',
      '#FEFEFE',
      '#FF0001',
      '#12AB9F',
      '#7F7F80',
    ]) {
      expect(hslToHex(hexToHslParts(hex))).toBe(hex);
    }
  });
});

describe('readable text colours', () => {
  it('readableOn darkens (or lightens) a quiet colour until it reads at 4.5:1', () => {
    const grey = readableOn('#808080', { h: 30, s: 8, l: 40 }, 'dark');
    expect(grey.l).toBeLessThan(40);
    expect(contrastRatio('#808080', hslToHex(grey))).toBeGreaterThanOrEqual(4.5);
    // Already readable: unchanged.
    expect(readableOn('#FFFFFF', { h: 0, s: 0, l: 40 }, 'dark')).toEqual({ h: 0, s: 0, l: 40 });
    expect(
      contrastRatio('#15151A', hslToHex(readableOn('#15151A', { h: 0, s: 0, l: 30 }, 'light'))),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('puts dark ink on pale colours and light ink on deep ones', () => {
    expect(inkFor('#E8C4C4')).toBe(DARK_INK);
    expect(inkFor('#FEFEFE')).toBe(DARK_INK);
    expect(inkFor('#336699')).toBe(LIGHT_INK);
    expect(inkFor('#000000')).toBe(LIGHT_INK);
  });

  it('the chosen ink always reads at least 4.5:1, falling back to black or white on mid-tones', () => {
    expect(inkFor('#FF0000')).toBe('#000000');
    expect(inkFor('#767676')).toBe('#000000');
    for (const colour of [
      '#E8C4C4',
      '#336699',
      '#FF0000',
      '#00FF00',
      '#0000FF',
      '#777777',
      '#767676',
      '#FFFF00',
      '#1A1A1A',
      '#C0392B',
    ]) {
      expect(contrastRatio(colour, inkFor(colour))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#336699', '#336699')).toBe(1);
  });
});
