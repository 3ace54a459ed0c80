import type { NewChange, OutboxItem } from '@/offline/outbox/sync-engine';

let seq = 0;

/** An outbox item as the engine stores it: queued one second after the one before. */
export function queued<Payload>(change: NewChange<Payload>, extra: Partial<OutboxItem> = {}): OutboxItem {
  seq += 1;
  return {
    id: `item-${seq}`,
    seq,
    kind: change.kind,
    entity: change.entity,
    dependsOn: change.dependsOn ?? [],
    payload: change.payload,
    label: change.label,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: Date.parse('2026-11-22T12:00:00Z') + seq * 1000,
    ...extra,
  };
}
