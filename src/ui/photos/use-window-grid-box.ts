import { useLayoutEffect, useRef, useState } from 'react';

export interface WindowGridBox<T extends HTMLElement> {
  /** Goes on the grid's container. */
  ref: React.RefObject<T | null>;
  /** The container's width in CSS pixels; 0 until it is measured. */
  width: number;
  /** Where the container starts, from the top of the page: a window virtualizer's scroll margin. */
  scrollMargin: number;
}

/**
 * The box of a grid virtualized against the window: its width (followed with a
 * ResizeObserver) and its distance from the page's top. Both are measured before paint, so the
 * grid appears at its final size. With `contentAboveChanges` the distance is measured again
 * after every render, for a page whose content above the grid changes height (the admin
 * album's header and progress bar); without it, only when the grid resizes, which keeps a
 * forced layout out of every scroll frame of the public grids.
 */
export function useWindowGridBox<T extends HTMLElement>({
  contentAboveChanges = false,
}: { contentAboveChanges?: boolean } = {}): WindowGridBox<T> {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  const measureTop = () => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    // Sub-pixel differences are not a move (and would render again for nothing).
    setScrollMargin((current) => (Math.abs(top - current) >= 1 ? top : current));
  };

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      measureTop();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // After every render: sets only a change.
  useLayoutEffect(() => {
    if (contentAboveChanges) measureTop();
  });

  return { ref, width, scrollMargin };
}
