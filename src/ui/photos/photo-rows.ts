import type { PhotoLayout } from '@/lib/backend/database.types';

/**
 * Where each photo of a grid goes, computed from the photos' stored pixel sizes before any
 * image loads: every box is fixed from the start, so nothing moves as thumbnails arrive, and
 * the virtual grid knows every row's height without measuring (docs/photo-layout.md).
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
    rows.push({ first, widths: Array<number>(Math.min(columns, count - first)).fill(tile), height: tile });
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
export function wholePhotoRows(aspects: readonly number[], width: number, gap: number, target: number): GridRow[] {
  const heightOf = (start: number, end: number, aspectSum: number) => (width - gap * (end - start - 1)) / aspectSum;
  const rows: GridRow[] = [];
  const push = (start: number, end: number, height: number) =>
    rows.push({ first: start, widths: aspects.slice(start, end).map((aspect) => aspect * height), height });
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
      const without = end - start > 1 ? heightOf(start, end - 1, aspectSum - aspects[end - 1]!) : Infinity;
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
