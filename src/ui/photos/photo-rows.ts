import type { PhotoLayout } from '@/lib/backend/database.types';

/**
 * Where each photo of a grid goes, computed from the photos' stored pixel sizes before any
 * image loads: every box is fixed from the start, so nothing moves as thumbnails arrive, and
 * the virtual grid knows every row's height without measuring (docs/decisions.md, "Photos as
 * they were framed").
 */
export interface GridRow {
  /** Index of the row's first photo. */
  first: number;
  /** Width of each of its boxes, in order. */
  widths: number[];
  height: number;
}

/** Columns of the square grid by available width: 2 on phones, 3 on tablets, 4 from 1024 px. */
export function columnsFor(width: number): number {
  return width >= 1024 ? 4 : width >= 640 ? 3 : 2;
}

export const gapFor = (width: number) => (width >= 640 ? 12 : 6);

/** The height whole-photo rows aim at: about two landscapes a row on a phone, three or four on a laptop. */
export function targetRowHeight(width: number): number {
  return width >= 1024 ? 300 : width >= 640 ? 240 : 180;
}

/** A photo's width over its height; a photo recorded without its size gets a square box. */
export function aspectOf(photo: { width: number | null; height: number | null }): number {
  return photo.width && photo.height ? photo.width / photo.height : 1;
}

/** The square grid: `columns` equal square boxes a row. */
export function squareRows(count: number, width: number): GridRow[] {
  const columns = columnsFor(width);
  const gap = gapFor(width);
  const tile = (width - gap * (columns - 1)) / columns;
  const rows: GridRow[] = [];
  for (let first = 0; first < count; first += columns) {
    rows.push({
      first,
      widths: Array<number>(Math.min(columns, count - first)).fill(tile),
      height: tile,
    });
  }
  return rows;
}

/** The most photos one row may hold (a row of tiny slivers helps nobody). */
const MOST_PER_ROW = 12;

/**
 * Whole photos in justified rows: each row fills the width exactly at one height, every photo
 * at its own aspect ratio (nothing cropped). A row takes photos until its height would fall
 * to the target, then keeps the last one or leaves it for the next row, whichever height is
 * nearer the target (the rule of Flickr's justified layout). A row depends only on the photos
 * in it and the one after it, so photos that arrive later (the rest of a large album, read
 * after the first screen) change only the last row, never the rows already seen. The last row
 * is never stretched beyond the target: a lone photo at the end keeps its size.
 */
export function wholePhotoRows(
  aspects: readonly number[],
  width: number,
  gap: number,
  target: number,
): GridRow[] {
  const heightOf = (start: number, end: number, aspectSum: number) =>
    (width - gap * (end - start - 1)) / aspectSum;
  const rows: GridRow[] = [];
  const push = (start: number, end: number, height: number) =>
    rows.push({
      first: start,
      widths: aspects.slice(start, end).map((aspect) => aspect * height),
      height,
    });
  if (width <= 0) return rows;
  let start = 0;
  while (start < aspects.length) {
    let end = start;
    let aspectSum = 0;
    let height = Infinity;
    while (end < aspects.length && height > target && end - start < MOST_PER_ROW) {
      aspectSum += aspects[end]!;
      end += 1;
      height = heightOf(start, end, aspectSum);
    }
    if (height > target) {
      // The end of the list (or a row at its most photos) before reaching the target.
      push(start, end, end === aspects.length ? Math.min(height, target) : height);
    } else {
      const without =
        end - start > 1 ? heightOf(start, end - 1, aspectSum - aspects[end - 1]!) : Infinity;
      if (without - target < target - height) push(start, (end -= 1), without);
      else push(start, end, height);
    }
    start = end;
  }
  return rows;
}

/** The rows of a grid of `photos` in `layout` at this width. */
export function gridRows(
  layout: PhotoLayout,
  photos: ReadonlyArray<{ width: number | null; height: number | null }>,
  width: number,
): GridRow[] {
  if (width <= 0) return [];
  // Anything but 'whole' is square: a gallery a visitor saved for offline before layouts existed has none.
  if (layout !== 'whole') return squareRows(photos.length, width);
  return wholePhotoRows(photos.map(aspectOf), width, gapFor(width), targetRowHeight(width));
}

/** The grid widths the first screen's CSS follows, pixel by pixel (a phone's to a wide screen's). */
const FIRST_SCREEN_WIDTHS = { from: 240, to: 2560 };

/** A number as CSS writes it: enough digits for a tenth of a pixel on the widest grid. */
const cssNumber = (value: number) => String(Number(value.toFixed(6)));

/**
 * The first screen of a whole-photo grid as CSS, for a page drawn before its width is known
 * (docs/first-visits.md): the rows the browser draws from the server's HTML are the rows the
 * app then draws, photo for photo. Per range of grid widths, the grid (`grid` selects it) gets
 * one custom property per photo, `--h{index}`: the height of that photo's row there, exactly as
 * wholePhotoRows computes it; a photo's box is that height times its aspect ratio. A height is
 * written in the grid's width (`100cqw`), so it holds across its range; a range starts half a
 * pixel early because the app lays the grid out at its width rounded to a whole pixel. Only the
 * heights that change from one range to the next are written: a few dozen ranges.
 */
export function wholePhotoFirstScreenCss(
  grid: string,
  aspects: readonly number[],
  count: number,
): string {
  // The rows holding the first `count` photos depend on no photo past one more full row.
  const considered = aspects.slice(0, count + MOST_PER_ROW);
  const shown = Math.min(count, aspects.length);
  let previousRows = '';
  let previous: string[] = [];
  const rules: string[] = [];
  for (let width = FIRST_SCREEN_WIDTHS.from; width <= FIRST_SCREEN_WIDTHS.to; width += 1) {
    const gap = gapFor(width);
    const rows = wholePhotoRows(considered, width, gap, targetRowHeight(width)).filter(
      (row) => row.first < shown,
    );
    // Where each row starts and whether it fills the width: the same rows give the same heights.
    const shares = rows.map((row) => {
      const aspectSum = considered
        .slice(row.first, row.first + row.widths.length)
        .reduce((sum, aspect) => sum + aspect, 0);
      return {
        row,
        aspectSum,
        fills: Math.abs(row.height - (width - gap * (row.widths.length - 1)) / aspectSum) < 1e-6,
      };
    });
    const signature = `${gap}|${shares.map(({ row, fills: full }) => `${row.first}:${row.widths.length}:${full ? 'w' : row.height}`).join(',')}`;
    if (signature === previousRows) continue;
    previousRows = signature;
    const heights = shares.flatMap(({ row, aspectSum, fills: full }) => {
      // A row fills the width, unless it is the list's last and is kept at the target height.
      const gaps = gap * (row.widths.length - 1);
      const height = full
        ? `calc((100cqw - ${gaps}px) / ${cssNumber(aspectSum)})`
        : `${cssNumber(row.height)}px`;
      return Array<string>(Math.min(row.widths.length, shown - row.first)).fill(height);
    });
    const changed = heights.flatMap((height, index) =>
      height === previous[index] ? [] : [`--h${index}:${height}`],
    );
    if (changed.length > 0) {
      const rule = `${grid}{${changed.join(';')}}`;
      rules.push(
        width === FIRST_SCREEN_WIDTHS.from
          ? rule
          : `@container (min-width:${width - 0.5}px){${rule}}`,
      );
    }
    previous = heights;
  }
  return rules.join('\n');
}
