import { useDeferredValue, useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * Whether React is hydrating the page the server drew: from the app's start until its first
 * commit (src/app/start-app.tsx sets it, src/app/app.tsx clears it).
 */
let hydrating = false;
export function setHydrating(value: boolean): void {
  hydrating = value;
}
const isHydrating = () => hydrating;

/**
 * `ready`, turning true in a transition. When a page's data arrives, react-query's update
 * renders at once, in one task: a whole page or grid built in one go kept a phone's main
 * thread busy for a few hundred milliseconds. With this, the loading state stays on screen a
 * moment longer while React builds the page in short slices, the browser responsive between them.
 *
 * Not while the page is drawn on the server or hydrated (docs/first-visits.md): the server sends
 * the page drawn, and the browser's first render must draw the same, the page rather than its
 * loading state. React reads the third snapshot on the server and while hydrating, the second
 * everywhere else; once hydrated it compares the two, and had they differed it would have drawn
 * the whole page once more at once, in one long task (a Lighthouse run counted it in the
 * blocking time of every public page). So the second says true until hydration is over.
 */
export function useRevealed(ready: boolean): boolean {
  const fromServer = useSyncExternalStore(never, isHydrating, () => true);
  // No first value while hydrating: one would make React render the page again (deferred).
  return useDeferredValue(ready, fromServer ? undefined : false);
}
