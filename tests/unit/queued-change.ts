import type { NewChange, OutboxItem } from '@/offline/outbox/registry';

let seq = 0;

/** An outbox item as the engine stores it: queued one second after the one before. */
export function queued(change: NewChange, extra: Partial<OutboxItem> = {}): OutboxItem {
  seq += 1;
  return {
    ...change,
    id: `item-${seq}`,
    seq,
    dependsOn: change.dependsOn ?? [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.parse('2026-11-22T12:00:00Z') + seq * 1000,
    ...extra,
  } as OutboxItem;
}
