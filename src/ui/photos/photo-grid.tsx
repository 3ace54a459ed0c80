import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  forwardRef,
  useCallback,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import type { PhotoLayout } from '@/lib/backend/database.types';
import { cn } from '../cn';
import { aspectOf, gapFor, gridRows, wholePhotoFirstScreenCss } from './photo-rows';
import {
  photoAlt,
  PREVIEW_WIDTH,
  renditionSize,
  THUMB_WIDTH,
  type ShownPhoto,
} from './photo-sources';
import { useWindowGridBox } from './use-window-grid-box';

export interface PhotoGridHandle {
  /** Scrolls a photo into view and focuses its tile (after the viewer closes). */
  reveal(index: number): void;
}

interface PhotoGridProps {
  photos: readonly ShownPhoto[];
  /** Square boxes, or whole photos in justified rows (chosen per gallery or collection). */
  layout: PhotoLayout;
  onOpen: (index: number) => void;
  /** An extra control on each tile (a download button). */
  tileAction?: (photo: ShownPhoto, index: number) => ReactNode;
  /**
   * Whether the grid starts on the page's first screen (so its first photos load at once, the
   * first row first); false below a full-width cover, whose picture then loads first.
   */
  onFirstScreen?: boolean;
}

/** Rows of thumbnails a phone's first screen shows. */
const EAGER_ROWS = 3;

/** How much larger than the thumbnail a box may be before it shows the preview rendition instead. */
const THUMB_STRETCH = 1.25;

/**
 * A photo grid that stays smooth with thousands of photos: only the rows near the viewport are
 * in the page (virtualised against the window scroll). Every box's size is known from the
 * photos' stored sizes before any image loads (photo-rows.ts), so nothing moves while
 * thumbnails arrive; thumbnails load lazily. Each image's alt text is the photo's caption, or
 * its filename.
 */
export const PhotoGrid = forwardRef<PhotoGridHandle, PhotoGridProps>(function PhotoGrid(
  { photos, layout, onOpen, tileAction, onFirstScreen = true },
  ref,
) {
  const { ref: containerRef, width, scrollMargin } = useWindowGridBox<HTMLDivElement>();

  const gap = gapFor(width);
  const rows = useMemo(() => gridRows(layout, photos, width), [layout, photos, width]);
  const rowOf = useCallback(
    (index: number) => {
      // The last row starting at or before the photo (rows are in photo order).
      let low = 0;
      let high = rows.length - 1;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (rows[middle]!.first <= index) low = middle;
        else high = middle - 1;
      }
      return low;
    },
    [rows],
  );

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => rows[index]!.height + gap,
    // One row beyond the screen each way: enough for smooth scrolling, and few images on arrival.
    overscan: 1,
    scrollMargin,
    // Rows follow the scroll in React's next render, not inside each scroll event: scrolling
    // 2,000 photos at 500 px a step made 12 tasks over 50 ms (longest 93 ms) with a render per
    // event, 2 (longest 59 ms) like this (npm run bench, big-album, quick mode).
    useFlushSync: false,
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rows, gap]);

  const pendingFocus = useRef<number | null>(null);
  const focusTile = useCallback(
    (index: number) => {
      const button = containerRef.current?.querySelector<HTMLButtonElement>(
        `[data-photo-index="${index}"]`,
      );
      if (!button) return false;
      button.focus({ preventScroll: true });
      return true;
    },
    [containerRef],
  );

  useImperativeHandle(
    ref,
    () => ({
      reveal(index) {
        virtualizer.scrollToIndex(rowOf(index), { align: 'auto' });
        if (!focusTile(index)) pendingFocus.current = index;
      },
    }),
    [virtualizer, rowOf, focusTile],
  );

  useLayoutEffect(() => {
    if (pendingFocus.current !== null && focusTile(pendingFocus.current))
      pendingFocus.current = null;
  });

  const height = rows.reduce((sum, row) => sum + row.height + gap, 0) - gap;

  return (
    <div
      ref={containerRef}
      role="list"
      aria-label="Photos"
      data-layout={layout}
      className="@container relative w-full"
      style={{ height: width > 0 && rows.length > 0 ? height : undefined }}
    >
      {/* Below a cover the grid is not on the first screen: nothing to draw before it is measured. */}
      {width === 0 && onFirstScreen && (
        <FirstScreenGrid photos={photos} layout={layout} onOpen={onOpen} />
      )}
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <div
            key={item.key}
            role="presentation"
            className="absolute left-0 flex w-full"
            style={{
              top: 0,
              transform: `translateY(${item.start - scrollMargin}px)`,
              gap,
              height: row.height,
            }}
          >
            {row.widths.map((boxWidth, offset) => {
              const index = row.first + offset;
              const photo = photos[index]!;
              return (
                <GridTile
                  key={photo.id}
                  photo={photo}
                  index={index}
                  count={photos.length}
                  width={boxWidth}
                  height={row.height}
                  // Rendered rows are near the screen already (the grid is virtual); the top
                  // rows are the first screen, so they load at once and the first row first
                  // (a lazy image waits for layout, which held back the page's largest paint).
                  loading={onFirstScreen && item.index < EAGER_ROWS ? 'eager' : 'lazy'}
                  fetchPriority={onFirstScreen && item.index === 0 ? 'high' : 'auto'}
                  onOpen={onOpen}
                  tileAction={tileAction}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
});

interface GridTileProps extends Pick<PhotoGridProps, 'onOpen' | 'tileAction'> {
  photo: ShownPhoto;
  /** Its place among the grid's photos, from 0, and their number. */
  index: number;
  count: number;
  /** Its box, as the grid's rows lay it out. */
  width: number;
  height: number;
  loading: 'eager' | 'lazy';
  fetchPriority: 'high' | 'auto';
}

/** One photo of the measured grid: a button that opens it, and the page's extra control. */
function GridTile({
  photo,
  index,
  count,
  width,
  height,
  loading,
  fetchPriority,
  onOpen,
  tileAction,
}: GridTileProps) {
  const alt = photoAlt(photo);
  // The thumbnail, unless the box is much larger than it (a panorama in a row of
  // whole photos). Offered the 2048 px preview in a srcset, high-density phones
  // chose it for a 190 px tile (5–10× the bytes); the viewer shows the preview.
  const thumb = renditionSize(photo, THUMB_WIDTH);
  const large = width > thumb.width * THUMB_STRETCH || height > thumb.height * THUMB_STRETCH;
  const shown = large ? renditionSize(photo, PREVIEW_WIDTH) : thumb;
  return (
    <div
      role="listitem"
      className="group relative overflow-hidden rounded-md bg-muted"
      style={{ width }}
    >
      <button
        type="button"
        data-photo-index={index}
        aria-label={`${alt}, photo ${index + 1} of ${count}`}
        onClick={() => onOpen(index)}
        className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <img
          src={large ? photo.previewSrc : photo.thumbSrc}
          width={shown.width}
          height={shown.height}
          alt={alt}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </button>
      {tileAction?.(photo, index)}
    </div>
  );
}

/** Photos the grid draws before it knows its width: a phone's or a laptop's first screen. */
const FIRST_SCREEN_PHOTOS = 12;
/** Of those, the ones loaded at once: a phone's first rows (two a row). */
const FIRST_ROWS_PHOTOS = 2 * EAGER_ROWS;

/**
 * The grid's first screen before its width is known: drawn by the server into the page's HTML
 * (docs/first-visits.md), and by the browser's first render, which must draw the same to take
 * it over. Laid out by CSS from the container's width, at the sizes photo-rows.ts computes, so
 * the grid the app then measures and draws puts every photo where it already was: square boxes
 * (2, 3 or 4 columns, 6 or 12 px apart), or whole photos in the same rows at the same heights
 * (each row's height per range of widths, from wholePhotoFirstScreenCss).
 */
function FirstScreenGrid({
  photos,
  layout,
  onOpen,
}: Pick<PhotoGridProps, 'photos' | 'layout' | 'onOpen'>) {
  const whole = layout === 'whole';
  const id = useId();
  const rowsCss = useMemo(
    () =>
      whole
        ? wholePhotoFirstScreenCss(
            `[data-first-screen="${id}"]`,
            photos.map(aspectOf),
            FIRST_SCREEN_PHOTOS,
          )
        : null,
    [whole, id, photos],
  );
  return (
    <>
      {rowsCss && <style>{rowsCss}</style>}
      <div
        role="presentation"
        data-first-screen={id}
        className={cn(
          'gap-[6px] @min-[640px]:gap-3',
          whole
            ? 'flex flex-wrap items-start'
            : 'grid grid-cols-2 @min-[640px]:grid-cols-3 @min-[1024px]:grid-cols-4',
        )}
      >
        {photos.slice(0, FIRST_SCREEN_PHOTOS).map((photo, index) => {
          const alt = photoAlt(photo);
          const aspect = aspectOf(photo);
          const thumb = renditionSize(photo, THUMB_WIDTH);
          return (
            <div
              key={photo.id}
              role="listitem"
              className="relative overflow-hidden rounded-md bg-muted"
              // A whole photo a hair narrower than its row's share, so rounding never wraps a row early.
              style={
                whole
                  ? {
                      flex: 'none',
                      width: `calc(var(--h${index}) * ${aspect} - 0.02px)`,
                      aspectRatio: aspect,
                    }
                  : { aspectRatio: 1 }
              }
            >
              <button
                type="button"
                data-photo-index={index}
                aria-label={`${alt}, photo ${index + 1} of ${photos.length}`}
                onClick={() => onOpen(index)}
                className="block size-full cursor-zoom-in"
              >
                <img
                  src={photo.thumbSrc}
                  width={thumb.width}
                  height={thumb.height}
                  alt={alt}
                  // As the measured grid does: a phone's first rows at once, its first row first (the
                  // page's largest paint).
                  loading={index < FIRST_ROWS_PHOTOS ? 'eager' : 'lazy'}
                  fetchPriority={index < 2 ? 'high' : 'auto'}
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </div>
          );
        })}
      </div>
    </>
  );
}
