import type { PendingMark, RowCollection, RowMap, RowTypes, Waiting } from './kinds/define';
import { rowEffectsOf, type OutboxItem } from './registry';
import type { QueuedChange } from './queued-change';

export type { PendingMark, RowTypes } from './kinds/define';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type Shown<C extends RowCollection> = RowTypes[C] & PendingMark;

/** The mark of a row changed by this waiting change. */
export function pendingMark(item: QueuedChange): PendingMark {
  return { pending: true, syncError: item.status === 'failed' ? item.failure?.message : undefined };
}

type Effect = (rows: RowMap<unknown>, payload: unknown, waiting: Waiting) => void;

/**
 * The server's rows of a collection with the waiting changes applied, in queue order: each
 * kind's effect on that collection (`apply`, kinds/), rows it changes marked pending. Rows
 * keep the server's order; new ones come after them, in queue order.
 */
export function overlayRows<C extends RowCollection, Row extends RowTypes[C]>(
  collection: C,
  server: readonly Row[],
  items: readonly OutboxItem[],
): Array<Row & PendingMark> {
  const rows: RowMap<Row> = new Map(server.map((row) => [row.id, { ...row }]));
  for (const item of items) {
    const effects = rowEffectsOf(item) as Partial<Record<RowCollection, Effect>> | undefined;
    effects?.[collection]?.(rows, item.payload, {
      item,
      at: new Date(item.createdAt).toISOString(),
      mark: pendingMark(item),
    });
  }
  return [...rows.values()];
}

/** The collections a list editor shows by sort order: services, testimonials, page sections. */
export type ListCollection = 'services' | 'testimonials' | 'sections';

/**
 * A list editor's rows with the waiting changes applied (new ones added, edits, moves and eye
 * toggles merged, deletions gone), by sort order, then age.
 */
export function overlayList<C extends ListCollection>(
  collection: C,
  server: ReadonlyArray<RowTypes[C]>,
  items: readonly OutboxItem[],
): Array<Shown<C>> {
  return overlayRows(collection, server, items).sort(
    (a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at),
  );
}
