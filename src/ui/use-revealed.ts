import { useDeferredValue } from 'react';

/**
 * `ready`, turning true in a transition. When a page's data arrives, react-query's update
 * renders at once, in one task: a whole page or grid built in one go kept a phone's main
 * thread busy for a few hundred milliseconds. With this, the loading state stays on screen a
 * moment longer while React builds the page in short slices, the browser responsive between them.
 */
export function useRevealed(ready: boolean): boolean {
  return useDeferredValue(ready, false);
}
