import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fallbackFamilies, fallbackFontFaces } from '@/theme/font-fallbacks';
import { fontFamily } from '@/theme/fonts';

const CSS = join(import.meta.dirname, '../../src/theme/font-fallbacks.css');

describe('fallback fonts sized like the web fonts', () => {
  it('src/theme/font-fallbacks.css holds the rules made from the metrics table', () => {
    const rules = readFileSync(CSS, 'utf8').replace(/\/\*[\s\S]*?\*\/\n/, '');
    // On a mismatch, paste fallbackFontFaces() into the file below its comment.
    expect(rules.trim()).toBe(fallbackFontFaces());
  });

  it("scales Arial to Lato as Capsize's createFontStack does", () => {
    // Capsize's output for [lato, arial]: size-adjust 97.6894%, ascent 101.0345%, descent 21.8038%, line gap 0%.
    expect(fallbackFontFaces()).toContain(
      [
        "font-family: 'Lato Fallback: Arial';",
        "src: local('Arial'), local('ArialMT');",
        'size-adjust: 97.6894%;',
        'ascent-override: 101.0345%;',
        'descent-override: 21.8038%;',
        'line-gap-override: 0%;',
      ].join('\n  '),
    );
  });

  it('puts the fallbacks right after each web font in the page’s font stacks', () => {
    expect(fallbackFamilies('Playfair Display')).toEqual([
      'Playfair Display Fallback: Times New Roman',
      'Playfair Display Fallback: Noto Serif',
      'Playfair Display Fallback: DejaVu Serif',
    ]);
    expect(fontFamily('Source Sans Pro')).toBe(
      "'Source Sans 3', 'Source Sans 3 Fallback: Arial', 'Source Sans 3 Fallback: Roboto', 'Source Sans 3 Fallback: DejaVu Sans'",
    );
  });
});
