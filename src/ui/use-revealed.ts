import { useDeferredValue, useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * `ready`, turning true in a transition. When a page's data arrives, react-query's update
 * renders at once, in one task: a whole page or grid built in one go kept a phone's main
 * thread busy for a few hundred milliseconds. With this, the loading state stays on screen a
 * moment longer while React builds the page in short slices, the browser responsive between them.
 *
 * Not while the page is drawn on the server or hydrated (docs/first-visits.md): the server sends
 * the page drawn, and the browser's first render must draw the same, the page rather than its
 * loading state. (React reads the third snapshot on the server and while hydrating, the second
 * everywhere else.)
 */
export function useRevealed(ready: boolean): boolean {
  const fromServer = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  return useDeferredValue(ready, fromServer ? ready : false);
}
