import type { SyncEngine } from './sync-engine';

/**
 * Applies a new version of the app (which reloads the page) at once, or — while changes are
 * still waiting to be sent, such as uploads from a shoot — only after the last one is saved,
 * so the photographer never sees the page reload under their work. Changes that failed and
 * wait for the photographer do not hold it back.
 */
export function activateWhenIdle(
  engine: Pick<SyncEngine, 'subscribe' | 'getSnapshot'>,
  activate: () => void,
  onWaiting: (pending: number) => void,
): void {
  const pending = () =>
    engine.getSnapshot().items.filter((item) => item.status === 'pending').length;
  if (pending() === 0) return activate();
  onWaiting(pending());
  const stop = engine.subscribe(() => {
    if (pending() > 0) return;
    stop();
    activate();
  });
}
