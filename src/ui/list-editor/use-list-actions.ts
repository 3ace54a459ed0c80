import { useRef } from 'react';
import { moved, sortOrderChanges } from '@/lib/reorder';

/** A change's toasts, as the outbox's submit takes them (ChangeMessages). */
export interface ListMessages {
  success: string;
  failure: string;
  /** Show the server's message instead of `failure` when it has one. */
  preferServerMessage?: boolean;
}

/** The columns the list itself writes: the eye's is_active, a move's sort_order. */
export type ListColumns = { is_active: boolean } | { sort_order: number };

interface ListRow {
  id: string;
  is_active: boolean;
  sort_order: number;
}

export interface ListActionsOptions<Row extends ListRow, Change> {
  /** The rows in their order. */
  rows: readonly Row[];
  /** What the console calls a row and the rows when something fails: 'service', 'services'. */
  noun: string;
  nouns: string;
  /** The row's name in the outbox's label of a change ('Update service “Mini”'). */
  name: (row: Row) => string;
  /** The change that writes some of a row's columns, and the one that deletes it. */
  update: (row: { id: string; name: string; changes: ListColumns }) => Change;
  remove: (row: { id: string; name: string }) => Change;
  /** The toasts of the eye (hidden, shown, or it failed) and of a delete. */
  toasts: {
    hidden: string;
    shown: string;
    updateFailed: string;
    deleted: string;
    deleteFailed: string;
  };
  /** The outbox's submit of one change and of several made by one gesture, and what they answer. */
  submit: (change: Change, messages: ListMessages) => Promise<unknown>;
  submitAll: (changes: Change[], messages: ListMessages) => Promise<unknown>;
}

/**
 * What a list editor does to its rows through the outbox: show or hide one, delete one, move
 * one a place up or down, and `send` for the feature's own add and edit.
 */
export function useListActions<Row extends ListRow, Change>({
  rows,
  noun,
  nouns,
  name,
  update,
  remove,
  toasts,
  submit,
  submitAll,
}: ListActionsOptions<Row, Change>): ListActions<Row> & {
  send: (change: Change, messages: ListMessages) => Promise<boolean>;
} {
  // The dialogs close unless the server refused the change (then they keep the input to correct).
  const send = async (change: Change, messages: ListMessages) =>
    (await submit(change, messages)) !== 'failed';
  // The order the last move sent, and the rows it was made from. Until the rows show it (the
  // outbox's overlay is one IndexedDB write away), a second quick move starts from it: else
  // that press would compute the first move again and be lost.
  const sent = useRef<{ from: readonly Row[]; order: readonly Row[] } | null>(null);
  return {
    send,
    // Nothing waits for these: the toasts tell the outcome, and a failure past them (the
    // refused change could not be dropped from the queue) is logged.
    toggle: (row: Row) => {
      send(update({ id: row.id, name: name(row), changes: { is_active: !row.is_active } }), {
        success: row.is_active ? toasts.hidden : toasts.shown,
        failure: toasts.updateFailed,
      }).catch((error: unknown) => console.error(`Updating the ${noun} failed`, error));
    },
    remove: (row: Row) => {
      send(remove({ id: row.id, name: name(row) }), {
        success: toasts.deleted,
        failure: toasts.deleteFailed,
      }).catch((error: unknown) => console.error(`Deleting the ${noun} failed`, error));
    },
    // The new order is written as sort orders 0, 1, 2, … (only the rows whose number changes).
    // `index` is the row's place on screen, in `rows`.
    move: (index: number, by: -1 | 1) => {
      const row = rows[index];
      if (!row) return;
      const latest = sent.current?.from === rows ? sent.current.order : rows;
      const order = moved(
        latest,
        latest.findIndex((each) => each.id === row.id),
        by,
      );
      if (!order) return;
      sent.current = { from: rows, order };
      const updates = sortOrderChanges(order).map(({ row, sortOrder }) =>
        update({ id: row.id, name: name(row), changes: { sort_order: sortOrder } }),
      );
      submitAll(updates, { success: 'Order updated', failure: 'Failed to change the order' }).catch(
        (error: unknown) => console.error(`Reordering the ${nouns} failed`, error),
      );
    },
  };
}

/** What the list editor's rows do. */
export interface ListActions<Row> {
  toggle: (row: Row) => void;
  remove: (row: Row) => void;
  move: (index: number, by: -1 | 1) => void;
}
