import { useState } from 'react';

/**
 * The selection after a click on `target`: a plain click toggles it; a shift-click selects
 * every photo from the last one clicked (`anchor`) to it, as file managers do.
 */
export function nextSelection(
  order: readonly string[],
  selected: ReadonlySet<string>,
  anchor: string | null,
  target: string,
  extend: boolean,
): Set<string> {
  const next = new Set(selected);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(target);
  if (extend && from !== -1 && to !== -1) {
    for (const id of order.slice(Math.min(from, to), Math.max(from, to) + 1)) next.add(id);
  } else if (next.has(target)) {
    next.delete(target);
  } else {
    next.add(target);
  }
  return next;
}

/**
 * Select mode, on or off, and its selection over the photos shown (`order`); photos no longer
 * shown drop out of it. Leaving select mode clears the selection.
 */
export function usePhotoSelection(order: readonly string[]) {
  const [active, setActive] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);
  const selected = order.filter((id) => picked.has(id));
  const clear = () => {
    setPicked(new Set());
    setAnchor(null);
  };
  return {
    active,
    start: () => setActive(true),
    stop: () => {
      setActive(false);
      clear();
    },
    selected,
    isSelected: (id: string) => picked.has(id),
    toggle: (id: string, extend: boolean) => {
      setPicked(nextSelection(order, picked, anchor, id, extend));
      setAnchor(id);
    },
    selectAll: () => setPicked(new Set(order)),
  };
}
