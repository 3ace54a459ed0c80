import type { QueuedChange } from './queued-change';

/** When a change may be sent (docs/offline.md): its order, its backoff, and the clock and lock the engine runs on. */

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** Web Locks where the browser has them: one tab sends at a time. */
export async function acrossTabs(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request('photographer-outbox-sync', () => work());
}

/** The first change that may be sent now: not failed, not backing off, nothing earlier blocking it. */
export function nextSendable<Item extends QueuedChange>(
  items: readonly Item[],
  now: number,
): Item | undefined {
  const blocked = new Set<string>();
  for (const item of items) {
    const waitsOnEarlier =
      blocked.has(item.entity) || item.dependsOn.some((entity) => blocked.has(entity));
    if (waitsOnEarlier || item.status === 'failed' || item.nextAttemptAt > now) {
      blocked.add(item.entity);
      continue;
    }
    return item;
  }
  return undefined;
}
