import { describe, expect, it } from 'vitest';
import {
  aspectOf,
  gapFor,
  gridRows,
  squareRows,
  targetRowHeight,
  wholePhotoFirstScreenCss,
  wholePhotoRows,
} from '@/ui/photos/photo-rows';

const LANDSCAPE = 3 / 2;
const PORTRAIT = 2 / 3;

/** Every photo in exactly one row, in order. */
function coveredIndexes(rows: ReturnType<typeof gridRows>): number[] {
  return rows.flatMap((row) => row.widths.map((_, offset) => row.first + offset));
}

const rowWidth = (row: { widths: number[] }, gap: number) =>
  row.widths.reduce((sum, width) => sum + width, 0) + gap * (row.widths.length - 1);

describe('square rows', () => {
  it('has 2, 3 or 4 equal square boxes a row by width, the last row partly filled', () => {
    const desktop = squareRows(5, 1200);
    expect(desktop.map((row) => row.widths.length)).toEqual([4, 1]);
    const tile = (1200 - 3 * 12) / 4;
    expect(desktop[0]).toEqual({ first: 0, widths: [tile, tile, tile, tile], height: tile });
    expect(desktop[1]).toEqual({ first: 4, widths: [tile], height: tile });
    expect(squareRows(7, 700).map((row) => row.widths.length)).toEqual([3, 3, 1]);
    expect(squareRows(3, 390).map((row) => row.widths.length)).toEqual([2, 1]);
  });
});

describe('whole-photo rows', () => {
  // A shoot as it comes: mostly landscapes, some portraits, a panorama, a square.
  const aspects = [
    LANDSCAPE,
    LANDSCAPE,
    PORTRAIT,
    LANDSCAPE,
    3.2,
    PORTRAIT,
    PORTRAIT,
    1,
    LANDSCAPE,
    LANDSCAPE,
    PORTRAIT,
    LANDSCAPE,
    LANDSCAPE,
  ];

  it.each([390, 768, 1200])(
    'at %i px: rows fill the width exactly and keep every photo at its own aspect ratio',
    (width) => {
      const gap = gapFor(width);
      const target = targetRowHeight(width);
      const rows = wholePhotoRows(aspects, width, gap, target);
      expect(coveredIndexes(rows)).toEqual(aspects.map((_, index) => index));
      for (const row of rows) {
        row.widths.forEach((boxWidth, offset) =>
          expect(boxWidth / row.height).toBeCloseTo(aspects[row.first + offset]!, 6),
        );
      }
      for (const row of rows.slice(0, -1)) {
        expect(rowWidth(row, gap)).toBeCloseTo(width, 6);
        // Near the target: no row of slivers, no row of giants.
        expect(row.height).toBeGreaterThan(target * 0.5);
        expect(row.height).toBeLessThan(target * 1.6);
      }
      expect(rowWidth(rows.at(-1)!, gap)).toBeLessThanOrEqual(width + 1e-6);
    },
  );

  it('keeps the row whose height is nearer the target: six landscapes on a laptop are two rows of three', () => {
    const rows = wholePhotoRows(Array<number>(6).fill(LANDSCAPE), 1200, 12, 300);
    expect(rows.map((row) => row.widths.length)).toEqual([3, 3]);
    expect(rows[0]!.height).toBeCloseTo((1200 - 24) / 4.5, 6);
  });

  it('changes only the last row when more photos arrive (the rest of a large album)', () => {
    const first = wholePhotoRows(aspects.slice(0, 9), 1200, 12, 300);
    const whole = wholePhotoRows(aspects, 1200, 12, 300);
    expect(whole.slice(0, first.length - 1)).toEqual(first.slice(0, -1));
  });

  it('does not stretch a short last row: a lone portrait at the end keeps the target height', () => {
    const rows = wholePhotoRows([LANDSCAPE, LANDSCAPE, LANDSCAPE, PORTRAIT], 1200, 12, 300);
    const last = rows.at(-1)!;
    expect(last.height).toBeLessThanOrEqual(300);
    expect(rowWidth(last, 12)).toBeLessThan(1200);
    expect(wholePhotoRows([PORTRAIT], 1200, 12, 300)).toEqual([
      { first: 0, widths: [200], height: 300 },
    ]);
  });

  it('gives a photo recorded without its size a square box', () => {
    expect(aspectOf({ width: null, height: null })).toBe(1);
    expect(aspectOf({ width: 4000, height: 2000 })).toBe(2);
    const rows = gridRows('whole', [{ width: null, height: 800 }], 1200);
    expect(rows[0]!.widths[0]).toBe(rows[0]!.height);
  });

  it('lays out ten thousand photos, each once, every row full but the last', () => {
    const many = Array.from(
      { length: 10_000 },
      (_, index) => [LANDSCAPE, PORTRAIT, 1, 2.5][index % 4]!,
    );
    const rows = wholePhotoRows(many, 1200, 12, 300);
    expect(coveredIndexes(rows)).toHaveLength(10_000);
    expect(new Set(coveredIndexes(rows)).size).toBe(10_000);
    for (const row of rows.slice(0, -1)) expect(rowWidth(row, 12)).toBeCloseTo(1200, 6);
  });

  it('is the square grid for any other layout and nothing before the width is known', () => {
    expect(gridRows('square', [{ width: 3000, height: 2000 }], 1200)).toEqual(squareRows(1, 1200));
    expect(gridRows('whole', [{ width: 3000, height: 2000 }], 0)).toEqual([]);
    expect(gridRows(undefined as never, [{ width: 3000, height: 2000 }], 1200)).toEqual(
      squareRows(1, 1200),
    );
  });
});

/**
 * The row height `--h` the first screen's CSS gives each photo in a grid `width` px wide: the
 * rules read in order, a container query's only from its width on, `100cqw` being the width.
 */
function cssHeights(css: string, width: number): Map<number, number> {
  const heights = new Map<number, number>();
  for (const line of css.split('\n')) {
    const query = /^@container \(min-width:([\d.]+)px\)\{(.*)\}$/.exec(line);
    if (query && width < Number(query[1])) continue;
    for (const [, index, value] of /\{(.*)\}/
      .exec(query ? query[2]! : line)![1]!
      .matchAll(/--h(\d+):([^;]+)/g)) {
      const fills = /^calc\(\(100cqw - ([\d.]+)px\) \/ ([\d.]+)\)$/.exec(value!);
      heights.set(
        Number(index),
        fills ? (width - Number(fills[1])) / Number(fills[2]) : Number(value!.replace(/px$/, '')),
      );
    }
  }
  return heights;
}

describe('the first screen of whole photos, in CSS', () => {
  const mixes = {
    'landscapes and portraits': [
      1.5, 0.667, 1.5, 1.5, 0.667, 0.667, 1.5, 1, 1.5, 0.667, 1.5, 1.5, 0.8, 1.5, 1.5, 2.2, 0.667,
      1.5,
    ],
    'a panorama among them': [1.5, 3, 0.667, 1.5, 4.5, 1.5, 0.75, 1.5, 1.5, 1.5],
    'fewer photos than the first screen (the last row at its target height)': [1.5, 0.667, 1.5],
    'one portrait': [0.667],
  };
  it.each(Object.entries(mixes))(
    'gives every photo of the first screen its row height at every width: %s',
    (_, aspects) => {
      const css = wholePhotoFirstScreenCss('.grid', aspects, 12);
      for (let width = 240; width <= 2560; width += 1) {
        const heights = cssHeights(css, width);
        const expected = wholePhotoRows(
          aspects,
          width,
          gapFor(width),
          targetRowHeight(width),
        ).flatMap((row) => row.widths.map(() => row.height));
        const shown = expected.slice(0, 12);
        expect([width, [...heights.keys()].length]).toEqual([width, shown.length]);
        shown.forEach((height, index) =>
          expect([width, index, heights.get(index)]).toEqual([
            width,
            index,
            expect.closeTo(height, 3),
          ]),
        );
      }
    },
  );

  it('stays small: only the rows that change are written again', () => {
    const css = wholePhotoFirstScreenCss('.grid', mixes['landscapes and portraits'], 12);
    expect(css.split('\n').length).toBeLessThan(60);
    expect(css.length).toBeLessThan(10_000);
  });
});
