import {
  closestCenter,
  DndContext,
  KeyboardSensor,
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
import { GripVertical } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { cn } from '@/ui/cn';
import {
  photoAnnouncements,
  SORTABLE_PHOTO_INSTRUCTIONS,
} from '@/ui/photos/sortable-announcements';
import type { ShownPhoto } from './albums-overlay';

/** The drag handle a tile shows; null for a photo that cannot move (still uploading). */
export type DragHandle = ReactNode | null;

interface SortablePhotoGridProps {
  photos: readonly ShownPhoto[];
  /** The new order of the photos on the server, after a drop that moved one. */
  onReorder: (photoIds: string[]) => void;
  renderTile: (photo: ShownPhoto, handle: DragHandle) => ReactNode;
}

/**
 * The collection's photos, reordered by dragging a tile's handle (mouse, pen or touch: only
 * the handle starts a drag, so a finger on the photo still scrolls) or by keyboard on the
 * handle. Screen readers hear each step by the photo's filename and position. Photos still
 * uploading stay after the others and do not move.
 */
export function SortablePhotoGrid({ photos, onReorder, renderTile }: SortablePhotoGridProps) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
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

  const drop = ({ active, over }: DragEndEvent) => {
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
      onDragEnd={drop}
      accessibility={{ announcements, screenReaderInstructions: SORTABLE_PHOTO_INSTRUCTIONS }}
    >
      <SortableContext items={movable} strategy={rectSortingStrategy}>
        <div
          className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          data-testid="photo-grid"
        >
          {photos.map((photo) =>
            photo.pending ? (
              <div key={photo.id} className="min-w-0">
                {renderTile(photo, null)}
              </div>
            ) : (
              <SortableTile key={photo.id} photo={photo} renderTile={renderTile} />
            ),
          )}
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
        'absolute left-2 top-2 flex size-11 touch-none items-center justify-center rounded-full bg-card/90 shadow-sm backdrop-blur transition-opacity',
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
