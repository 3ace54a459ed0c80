/**
 * Fallback faces that take the size of the site's web fonts: a local font (Times New Roman,
 * Arial…) scaled and given the web font's ascent, descent and line gap. Text shows at once in
 * the fallback, and when the web font arrives (font-display: swap) the lines keep their
 * length and height, so nothing moves. The approach and the formula are Capsize's
 * (createFontStack, as next/font uses it); the metrics come from @capsizecss/metrics 4.3
 * (DejaVu's read from its TTF with @capsizecss/unpack). src/theme/font-fallbacks.css is
 * made from this table; tests/unit/font-fallbacks.test.ts keeps the two in step.
 */
interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  /** Average width of a Latin character. */
  xWidthAvg: number;
}

interface WebFont extends FontMetrics {
  kind: 'serif' | 'sans';
  /**
   * The average width of its italic, where the site loads one (src/index.css): narrower than
   * the upright, so an italic line set in the upright's fallback would wrap differently.
   */
  italicXWidthAvg?: number;
}

const WEB_FONTS: Record<string, WebFont> = {
  'Playfair Display': {
    kind: 'serif',
    ascent: 1082,
    descent: -251,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 452,
    // Read from @fontsource's latin-400-italic file with @capsizecss/unpack.
    italicXWidthAvg: 429,
  },
  Cormorant: {
    kind: 'serif',
    ascent: 924,
    descent: -287,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 393,
  },
  Lato: { kind: 'sans', ascent: 1974, descent: -426, lineGap: 0, unitsPerEm: 2000, xWidthAvg: 871 },
  'Open Sans': {
    kind: 'sans',
    ascent: 2189,
    descent: -600,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 960,
  },
  'Source Sans 3': {
    kind: 'sans',
    ascent: 1024,
    descent: -400,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 418,
  },
  Nunito: {
    kind: 'sans',
    ascent: 1011,
    descent: -353,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 452,
  },
};

interface LocalFont extends FontMetrics {
  name: string;
  /** Its full and PostScript names, for local(). */
  local: string[];
  /** Its italic (the same vertical metrics), for a web font's italic. */
  italic?: { local: string[]; xWidthAvg: number };
}

/**
 * The local fonts to scale, per kind: Windows and Apple, Android, then most Linux desktops.
 * The italics' widths were read with @capsizecss/unpack: Times New Roman's from Liberation
 * Serif Italic (made to its widths), Noto Serif's from @fontsource's file, DejaVu's from Debian's.
 */
const LOCAL_FONTS: Record<'serif' | 'sans', LocalFont[]> = {
  serif: [
    {
      name: 'Times New Roman',
      local: ['Times New Roman', 'TimesNewRomanPSMT'],
      ascent: 1825,
      descent: -443,
      lineGap: 87,
      unitsPerEm: 2048,
      xWidthAvg: 832,
      italic: { local: ['Times New Roman Italic', 'TimesNewRomanPS-ItalicMT'], xWidthAvg: 836 },
    },
    {
      name: 'Noto Serif',
      local: ['Noto Serif', 'NotoSerif-Regular'],
      ascent: 1069,
      descent: -293,
      lineGap: 0,
      unitsPerEm: 1000,
      xWidthAvg: 481,
      italic: { local: ['Noto Serif Italic', 'NotoSerif-Italic'], xWidthAvg: 469 },
    },
    {
      name: 'DejaVu Serif',
      local: ['DejaVu Serif', 'DejaVuSerif'],
      ascent: 1901,
      descent: -483,
      lineGap: 0,
      unitsPerEm: 2048,
      xWidthAvg: 1058,
      italic: { local: ['DejaVu Serif Italic', 'DejaVuSerif-Italic'], xWidthAvg: 1058 },
    },
  ],
  sans: [
    {
      name: 'Arial',
      local: ['Arial', 'ArialMT'],
      ascent: 1854,
      descent: -434,
      lineGap: 67,
      unitsPerEm: 2048,
      xWidthAvg: 913,
    },
    {
      name: 'Roboto',
      local: ['Roboto', 'Roboto-Regular'],
      ascent: 1900,
      descent: -500,
      lineGap: 0,
      unitsPerEm: 2048,
      xWidthAvg: 911,
    },
    {
      name: 'DejaVu Sans',
      local: ['DejaVu Sans', 'DejaVuSans'],
      ascent: 1901,
      descent: -483,
      lineGap: 0,
      unitsPerEm: 2048,
      xWidthAvg: 1041,
    },
  ],
};

const fallbackName = (font: string, local: string) => `${font} Fallback: ${local}`;
const percent = (value: number) => `${Math.round(value * 1e6) / 1e4}%`;

/**
 * The fallback families of a web font (a HeadingFont or BodyFont), best first, e.g. 'Lato
 * Fallback: Arial'; any other family has none.
 */
export function fallbackFamilies(font: string): string[] {
  const metrics = WEB_FONTS[font];
  return metrics ? LOCAL_FONTS[metrics.kind].map((local) => fallbackName(font, local.name)) : [];
}

/**
 * The @font-face rules of every fallback (the contents of src/theme/font-fallbacks.css). A web
 * font with an italic gets a second, italic face in each fallback family: the local font's
 * italic, scaled to the web italic's width (narrower than its upright, so a line set in the
 * upright's fallback would wrap differently). It must be a real italic: the browser slants
 * nothing for a face that says it is italic.
 */
export function fallbackFontFaces(): string {
  return Object.entries(WEB_FONTS)
    .flatMap(([font, metrics]) =>
      LOCAL_FONTS[metrics.kind].flatMap((local) => {
        const face = (style: string[], names: string[], webWidth: number, localWidth: number) => {
          const sizeAdjust = webWidth / metrics.unitsPerEm / (localWidth / local.unitsPerEm);
          const scaled = (value: number) =>
            percent(Math.abs(value) / (metrics.unitsPerEm * sizeAdjust));
          return [
            '@font-face {',
            `  font-family: '${fallbackName(font, local.name)}';`,
            ...style,
            `  src: ${names.map((name) => `local('${name}')`).join(', ')};`,
            `  size-adjust: ${percent(sizeAdjust)};`,
            `  ascent-override: ${scaled(metrics.ascent)};`,
            `  descent-override: ${scaled(metrics.descent)};`,
            `  line-gap-override: ${scaled(metrics.lineGap)};`,
            '}',
          ].join('\n');
        };
        const upright = face([], local.local, metrics.xWidthAvg, local.xWidthAvg);
        return metrics.italicXWidthAvg === undefined || !local.italic
          ? [upright]
          : [
              upright,
              face(
                ['  font-style: italic;'],
                local.italic.local,
                metrics.italicXWidthAvg,
                local.italic.xWidthAvg,
              ),
            ];
      }),
    )
    .join('\n');
}
