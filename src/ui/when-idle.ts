/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms); returns a cancel
 * function. Safari has no requestIdleCallback: there a short timer stands in.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
