import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { renditionSize, THUMB_WIDTH, type ShownPhoto } from './photo-sources';

export interface PhotoGridHandle {
  /** Scrolls a photo into view and focuses its tile (after the viewer closes). */
  reveal(index: number): void;
}

interface PhotoGridProps {
  photos: readonly ShownPhoto[];
  /** Accessible name of a tile, e.g. 'Photo 3 of 40'. */
  label: (photo: ShownPhoto, index: number) => string;
  onOpen: (index: number) => void;
  /** An extra control on each tile (a download button). */
  tileAction?: (photo: ShownPhoto, index: number) => ReactNode;
}

/** Columns by available width: 2 on phones, 3 on tablets, 4 from 1024 px. */
/** Rows of thumbnails a phone's first screen shows. */
const EAGER_ROWS = 3;

export function columnsFor(width: number): number {
  return width >= 1024 ? 4 : width >= 640 ? 3 : 2;
}

const gapFor = (width: number) => (width >= 640 ? 12 : 6);

/**
 * A square-tile photo grid that stays smooth with thousands of photos: only the rows near
 * the viewport are in the page (virtualised against the window scroll). Tiles are fixed
 * squares, so nothing moves while thumbnails arrive; thumbnails load lazily with a srcset.
 */
export const PhotoGrid = forwardRef<PhotoGridHandle, PhotoGridProps>(function PhotoGrid({ photos, label, onOpen, tileAction }, ref) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Measured before paint, so the grid appears at its final size.
  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width);
  const gap = gapFor(width);
  const tile = width > 0 ? (width - gap * (columns - 1)) / columns : 0;
  const rowCount = Math.ceil(photos.length / columns);

  const virtualizer = useWindowVirtualizer({
    count: width > 0 ? rowCount : 0,
    estimateSize: () => tile + gap,
    // One row beyond the screen each way: enough for smooth scrolling, and few images on arrival.
    overscan: 1,
    scrollMargin,
  });

  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, tile, columns]);

  const pendingFocus = useRef<number | null>(null);
  const focusTile = useCallback((index: number) => {
    const button = containerRef.current?.querySelector<HTMLButtonElement>(`[data-photo-index="${index}"]`);
    if (!button) return false;
    button.focus({ preventScroll: true });
    return true;
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      reveal(index) {
        virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'auto' });
        if (!focusTile(index)) pendingFocus.current = index;
      },
    }),
    [virtualizer, columns, focusTile],
  );

  useLayoutEffect(() => {
    if (pendingFocus.current !== null && focusTile(pendingFocus.current)) pendingFocus.current = null;
  });

  const rows = virtualizer.getVirtualItems();

  return (
    <div
      ref={containerRef}
      role="list"
      aria-label="Photos"
      className="relative w-full"
      style={{ height: width > 0 ? rowCount * (tile + gap) - gap : undefined }}
    >
      {rows.map((row) => {
        const first = row.index * columns;
        return (
          <div
            key={row.key}
            role="presentation"
            className="absolute left-0 grid w-full"
            style={{
              top: 0,
              transform: `translateY(${row.start - scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap,
              height: tile,
            }}
          >
            {photos.slice(first, first + columns).map((photo, offset) => {
              const index = first + offset;
              // The thumbnail only: offered the 2048 px preview in a srcset, high-density
              // phones chose it for a 190 px tile (5–10× the bytes). The viewer shows the preview.
              const thumb = renditionSize(photo, THUMB_WIDTH);
              return (
                <div key={photo.id} role="listitem" className="group relative overflow-hidden rounded-md bg-muted">
                  <button
                    type="button"
                    data-photo-index={index}
                    aria-label={label(photo, index)}
                    onClick={() => onOpen(index)}
                    className="block size-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <img
                      src={photo.thumbSrc}
                      width={thumb.width}
                      height={thumb.height}
                      alt=""
                      // Rendered rows are near the screen already (the grid is virtual); the top
                      // rows are the first screen, so they load at once and the first row first
                      // (a lazy image waits for layout, which held back the page's largest paint).
                      loading={row.index < EAGER_ROWS ? 'eager' : 'lazy'}
                      fetchPriority={row.index === 0 ? 'high' : 'auto'}
                      decoding="async"
                      className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                    />
                  </button>
                  {tileAction?.(photo, index)}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
});
