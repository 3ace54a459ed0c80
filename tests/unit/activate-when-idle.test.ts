import { describe, expect, it, vi } from 'vitest';
import { activateWhenIdle } from '@/offline/outbox/activate-when-idle';
import type { OutboxSnapshot, QueuedChange as OutboxItem } from '@/offline/outbox/queued-change';

/** An engine-shaped queue whose items the test changes. */
function fakeEngine(statuses: Array<OutboxItem['status']>) {
  let items = statuses.map((status, index) => ({ id: `c${index}`, status }) as OutboxItem);
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () =>
      ({ items, sendingId: null, sentInRun: 0, online: true, loaded: true }) as OutboxSnapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle(id: string) {
      items = items.filter((item) => item.id !== id);
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe('a new version while changes are queued', () => {
  it('loads at once when nothing waits to be sent (failed changes do not hold it back)', () => {
    const activate = vi.fn();
    const waiting = vi.fn();
    activateWhenIdle(fakeEngine(['failed']), activate, waiting);
    expect(activate).toHaveBeenCalledOnce();
    expect(waiting).not.toHaveBeenCalled();
  });

  it('waits for queued uploads to be saved, then loads once', () => {
    const engine = fakeEngine(['pending', 'pending', 'failed']);
    const activate = vi.fn();
    const waiting = vi.fn();
    activateWhenIdle(engine, activate, waiting);
    expect(waiting).toHaveBeenCalledWith(2);
    expect(activate).not.toHaveBeenCalled();
    engine.settle('c0');
    expect(activate).not.toHaveBeenCalled();
    engine.settle('c1');
    expect(activate).toHaveBeenCalledOnce();
    expect(engine.listeners.size).toBe(0);
    engine.settle('c2');
    expect(activate).toHaveBeenCalledOnce();
  });
});
