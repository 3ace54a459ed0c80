import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** Whether the visitor asked for less motion (then jumps replace smooth scrolling). */
const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Scrolls to the element with this id (smoothly unless reduced motion is asked for) and moves
 * keyboard focus there. False when the page has no such element.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

/** Whether a click asks the browser for something else (a new tab, a download) than following the link here. */
export const opensElsewhere = (event: MouseEvent) =>
  event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;

/** A link to a section of this page (`#id`) that scrolls there instead of jumping. */
export function SectionLink({
  target,
  onClick,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { target: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || opensElsewhere(event)) return;
    if (scrollToSection(target)) event.preventDefault();
  };
  return <a href={`#${target}`} onClick={handleClick} {...props} />;
}
