import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader says while a photo moves in a sortable list (dnd-kit's live region):
 * the photo's filename and its place, in plain words. `order` is the list before the move.
 */
export function photoAnnouncements(
  nameOf: (id: string) => string | undefined,
  order: readonly string[],
): Announcements {
  const name = (id: UniqueIdentifier) => nameOf(String(id)) ?? 'The photo';
  const place = (id: UniqueIdentifier) =>
    `position ${order.indexOf(String(id)) + 1} of ${order.length}`;
  // dnd-kit reports the place under the photo as soon as it is picked up: that is no move.
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return `Picked up ${name(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver) return undefined;
      lastOver = over?.id ?? null;
      return over
        ? `${name(active.id)} moved to ${place(over.id)}.`
        : `${name(active.id)} is not over a place in the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} dropped at ${place(over.id)}.`
        : `${name(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${name(active.id)} is back at ${place(active.id)}.`,
  };
}

/** How to move a photo by keyboard, read when its handle gets focus. */
export const SORTABLE_PHOTO_INSTRUCTIONS = {
  draggable:
    'To move this photo, press Space or Enter to pick it up. Use the arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
};
