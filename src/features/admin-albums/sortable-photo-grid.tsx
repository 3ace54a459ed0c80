import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { GripVertical } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/ui/cn';
import { useMediaQuery } from '@/ui/use-media-query';
import {
  photoAnnouncements,
  SORTABLE_PHOTO_INSTRUCTIONS,
} from '@/ui/photos/sortable-announcements';
import { useWindowGridBox } from '@/ui/photos/use-window-grid-box';
import type { ShownPhoto } from './albums-overlay';

/** The drag handle a tile shows; null for a photo that cannot move (still uploading). */
export type DragHandle = ReactNode | null;

interface SortablePhotoGridProps {
  photos: readonly ShownPhoto[];
  /** The new order of the photos on the server, after a drop that moved one. */
  onReorder: (photoIds: string[]) => void;
  renderTile: (photo: ShownPhoto, handle: DragHandle) => ReactNode;
}

/** Tiles per row by window width (Tailwind's sm, lg and xl), as the grid showed them before it was virtual. */
function useColumns(): number {
  const sm = useMediaQuery('(min-width: 640px)');
  const lg = useMediaQuery('(min-width: 1024px)');
  const xl = useMediaQuery('(min-width: 1280px)');
  return xl ? 5 : lg ? 4 : sm ? 3 : 2;
}

/** Gaps between tiles (gap-x-4) and rows (gap-y-5), in pixels. */
const COLUMN_GAP = 16;
const ROW_GAP = 20;
/** A caption's height before it is measured: filename and size lines. */
const CAPTION_ESTIMATE = 60;
/**
 * Up to this many photos every row is drawn; beyond, only the rows near the screen (and the
 * rows around a drag). A wedding of 5,000 photos drew 5,000 tiles at once: seconds of
 * script before the first one showed (bench big_album_admin_first_render_ms).
 */
const ALL_ROWS_UP_TO = 150;
/** Rows drawn on each side of where a dragged tile would drop. */
const DRAG_ROWS_AROUND = 3;

/**
 * The collection's photos, reordered by dragging a tile's handle (mouse, pen or touch: only
 * the handle starts a drag, so a finger on the photo still scrolls) or by keyboard on the
 * handle. Screen readers hear each step by the photo's filename and position. Photos still
 * uploading stay after the others and do not move. Rows are virtual against the window
 * scroll in a big collection: a drag that reaches the window's edge scrolls it, and the rows
 * it brings are drawn and take part.
 */
export function SortablePhotoGrid({ photos, onReorder, renderTile }: SortablePhotoGridProps) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // The window jumps, not glides, when a key moves a tile out of view: during a smooth scroll
    // the next key press was measured against rows still moving, and the tile went sideways.
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      scrollBehavior: 'auto',
    }),
  );
  const movable = useMemo(
    () => photos.filter((photo) => !photo.pending).map((photo) => photo.id),
    [photos],
  );
  const announcements = useMemo(
    () =>
      photoAnnouncements(
        (id) => photos.find((photo) => photo.id === id)?.original_filename,
        movable,
      ),
    [photos, movable],
  );

  const columns = useColumns();
  const rows = useMemo(() => {
    const chunks: ShownPhoto[][] = [];
    for (let first = 0; first < photos.length; first += columns)
      chunks.push(photos.slice(first, first + columns));
    return chunks;
  }, [photos, columns]);

  // What is above the grid (the header, a progress bar) can change with any render.
  const {
    ref: containerRef,
    width,
    scrollMargin,
  } = useWindowGridBox<HTMLDivElement>({ contentAboveChanges: true });

  // While a drag lasts, the dragged tile's row stays drawn when it scrolls out of view, and so
  // do the rows around the place it would drop: a key press moves it a row at a time, and the
  // next row must be there (and measured) before the next press, however fast it comes.
  const [drag, setDrag] = useState<{ active: string; over: string | null } | null>(null);
  const rowOf = useCallback(
    (id: string | null | undefined) =>
      id ? Math.floor(photos.findIndex((photo) => photo.id === id) / columns) : -1,
    [photos, columns],
  );
  const activeRow = rowOf(drag?.active);
  const overRow = rowOf(drag?.over ?? drag?.active);
  const drawAll = photos.length <= ALL_ROWS_UP_TO;
  const tileWidth = width > 0 ? (width - COLUMN_GAP * (columns - 1)) / columns : 200;
  // Rows not drawn yet are placed at the first drawn row's height: nearly all rows have it
  // (a caption adds a line), so a row drawn later, during a drag too, lands where it stays.
  const [rowHeight, setRowHeight] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render; sets only a change
  useLayoutEffect(() => {
    const first = containerRef.current?.firstElementChild as HTMLElement | null;
    const measured = first?.offsetHeight;
    if (measured && measured !== rowHeight) setRowHeight(measured);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight ?? tileWidth + CAPTION_ESTIMATE + ROW_GAP,
    overscan: 2,
    scrollMargin,
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) => {
        if (drawAll) return Array.from({ length: range.count }, (_, index) => index);
        const drawn = new Set(defaultRangeExtractor(range));
        if (activeRow >= 0) {
          drawn.add(activeRow);
          const last = Math.min(range.count - 1, overRow + DRAG_ROWS_AROUND);
          for (let row = Math.max(0, overRow - DRAG_ROWS_AROUND); row <= last; row++)
            drawn.add(row);
        }
        return [...drawn].sort((a, b) => a - b);
      },
      [drawAll, activeRow, overRow],
    ),
  });
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, columns, tileWidth, rowHeight]);

  const drop = ({ active, over }: DragEndEvent) => {
    setDrag(null);
    if (!over || active.id === over.id) return;
    const from = movable.indexOf(String(active.id));
    const to = movable.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(movable, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => setDrag({ active: String(active.id), over: null })}
      onDragOver={({ active, over }) =>
        setDrag({ active: String(active.id), over: over ? String(over.id) : null })
      }
      onDragCancel={() => setDrag(null)}
      onDragEnd={drop}
      // Rows drawn during a drag (the window scrolled) are measured as they come.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{ announcements, screenReaderInstructions: SORTABLE_PHOTO_INSTRUCTIONS }}
    >
      <SortableContext items={movable} strategy={rectSortingStrategy}>
        <div
          ref={containerRef}
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() - ROW_GAP }}
          data-testid="photo-grid"
        >
          {virtualizer.getVirtualItems().map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute left-0 top-0 grid w-full"
              style={{
                transform: `translateY(${item.start - scrollMargin}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                columnGap: COLUMN_GAP,
                paddingBottom: ROW_GAP,
                // Above the rows after it, which a dragged tile passes over.
                zIndex: item.index === activeRow ? 1 : undefined,
              }}
            >
              {rows[item.index]!.map((photo) =>
                photo.pending ? (
                  <div key={photo.id} className="min-w-0">
                    {renderTile(photo, null)}
                  </div>
                ) : (
                  <SortableTile key={photo.id} photo={photo} renderTile={renderTile} />
                ),
              )}
            </div>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}

function SortableTile({
  photo,
  renderTile,
}: {
  photo: ShownPhoto;
  renderTile: SortablePhotoGridProps['renderTile'];
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: photo.id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Move ${photo.original_filename}`}
      title="Drag to reorder, or press Space and use the arrow keys"
      data-drag-handle
      className={cn(
        // touch-none: on the handle a finger drags; everywhere else it scrolls the page.
        'absolute left-2 top-2 flex size-11 touch-none items-center justify-center rounded-full bg-card/95 shadow-sm transition-opacity',
        'cursor-grab hover:bg-card focus-visible:opacity-100 active:cursor-grabbing sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
        isDragging && 'opacity-100 sm:opacity-100',
      )}
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // Lifted while it moves: opaque, so the tile it passes over does not show through its caption.
      className={cn(
        'relative min-w-0 rounded-lg',
        isDragging && 'z-10 bg-background shadow-2xl ring-1 ring-border',
      )}
      data-dragging={isDragging || undefined}
    >
      {renderTile(photo, handle)}
    </div>
  );
}
