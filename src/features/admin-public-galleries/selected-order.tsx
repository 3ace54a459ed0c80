import {
  closestCenter,
  DndContext,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { cn } from '@/ui/cn';
import { ChoiceThumbnail } from '@/ui/photos/photo-choices';
import { photoAnnouncements } from '@/ui/photos/sortable-announcements';
import type { PickerPhoto } from './picker-overlay';

interface SelectedOrderProps {
  photos: PickerPhoto[];
  localThumbnails: Record<string, string>;
  /** The picked photo ids: the gallery's order. */
  selected: string[];
  onReorder: (selected: string[]) => void;
}

const INSTRUCTIONS = {
  draggable:
    'Press the left or right arrow key to move this photo one place. Drag it with a mouse, or press and hold it on a touch screen.',
};

/**
 * The gallery's chosen photos in a row, in the order visitors see them: dragged (mouse; on a
 * touch screen after a short press, so a swipe still scrolls the page) or moved one place at a
 * time by the arrow keys, at once, without the pick-up and drop of the collection grid: a short
 * row inside a form, where Space and Enter keep their usual meaning.
 */
export function SelectedOrder({
  photos,
  localThumbnails,
  selected,
  onReorder,
}: SelectedOrderProps) {
  const labelId = useId();
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 6 } }),
  );
  const [said, setSaid] = useState('');
  const byId = useMemo(() => new Map(photos.map((photo) => [photo.id, photo])), [photos]);
  const announcements = useMemo(
    () => photoAnnouncements((id) => byId.get(id)?.original_filename, selected),
    [byId, selected],
  );

  const moveBy = (id: string, by: number) => {
    const from = selected.indexOf(id);
    const to = Math.min(selected.length - 1, Math.max(0, from + by));
    if (from === -1 || to === from) return;
    onReorder(arrayMove(selected, from, to));
    setSaid(
      `${byId.get(id)?.original_filename ?? 'The photo'} moved to position ${to + 1} of ${selected.length}.`,
    );
  };
  const keyMoves: Record<string, number> = {
    ArrowLeft: -1,
    ArrowUp: -1,
    ArrowRight: 1,
    ArrowDown: 1,
    Home: -selected.length,
    End: selected.length,
  };
  const onKeyDown = (id: string) => (event: KeyboardEvent) => {
    const by = keyMoves[event.key];
    if (by === undefined) return;
    event.preventDefault();
    moveBy(id, by);
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(
      arrayMove(selected, selected.indexOf(String(active.id)), selected.indexOf(String(over.id))),
    );
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="grid min-w-0 gap-1.5"
      data-testid="gallery-order"
    >
      <p id={labelId} className="text-sm font-medium">
        Order in the gallery{' '}
        <span className="font-normal text-muted-foreground">· drag, or use the arrow keys</span>
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={drop}
        accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      >
        <SortableContext items={selected} strategy={rectSortingStrategy}>
          <ol className="flex flex-wrap gap-2">
            {selected.map((id, index) => (
              <SortableThumb
                key={id}
                id={id}
                position={index + 1}
                photo={byId.get(id)}
                localThumbnail={localThumbnails[id]}
                onKeyDown={onKeyDown(id)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="sr-only" aria-live="assertive" data-testid="gallery-order-status">
        {said}
      </p>
    </div>
  );
}

function SortableThumb({
  id,
  position,
  photo,
  localThumbnail,
  onKeyDown,
}: {
  id: string;
  position: number;
  photo: PickerPhoto | undefined;
  localThumbnail: string | undefined;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const backend = useBackend();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const name = photo?.original_filename ?? 'photo';
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn('shrink-0', isDragging && 'z-10')}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        aria-label={`Move ${name}, number ${position}`}
        title={name}
        className={cn(
          'relative block size-16 cursor-grab overflow-hidden rounded-md bg-muted outline-none ring-offset-1 ring-offset-card active:cursor-grabbing',
          'focus-visible:ring-2 focus-visible:ring-ring',
          isDragging && 'shadow-lg ring-2 ring-primary',
        )}
      >
        <ChoiceThumbnail
          src={
            localThumbnail ??
            (photo ? resolveStorageUrl(backend, photoDisplayUrl(photo)) : undefined)
          }
        />
        <span
          aria-hidden
          className="absolute bottom-0.5 left-0.5 rounded-full bg-card/90 px-1.5 text-[11px] font-semibold tabular-nums shadow-sm"
        >
          {position}
        </span>
      </button>
    </li>
  );
}
