import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useListActions, type ListColumns } from '@/ui/list-editor/use-list-actions';

interface Row {
  id: string;
  name: string;
  is_active: boolean;
  sort_order: number;
}
interface Change {
  id: string;
  changes: ListColumns;
}

const row = (name: string, sort_order: number): Row => ({
  id: name,
  name,
  is_active: true,
  sort_order,
});

/** The rows as the database holds them once every change sent so far is written. */
function written(rows: readonly Row[], sent: Change[][]): string[] {
  const order = new Map(rows.map((each) => [each.id, each.sort_order]));
  for (const change of sent.flat())
    if ('sort_order' in change.changes) order.set(change.id, change.changes.sort_order);
  return [...order].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}

function listActions(rows: readonly Row[]) {
  const submitAll = vi.fn<(changes: Change[]) => Promise<unknown>>(async () => 'sent');
  const hook = renderHook(
    ({ shown }: { shown: readonly Row[] }) =>
      useListActions<Row, Change>({
        rows: shown,
        noun: 'service',
        nouns: 'services',
        name: (each) => each.name,
        update: ({ id, changes }) => ({ id, changes }),
        remove: ({ id }) => ({ id, changes: { is_active: false } }),
        toasts: {
          hidden: '',
          shown: '',
          updateFailed: '',
          deleted: '',
          deleteFailed: '',
        },
        submit: async () => 'sent',
        submitAll,
      }),
    { initialProps: { shown: rows } },
  );
  const sent = () => submitAll.mock.calls.map(([changes]) => changes);
  return { hook, sent };
}

describe('moving a row of a list editor', () => {
  it('a second quick Move up, pressed before the list shows the first, moves the row on', () => {
    const rows = [row('A', 0), row('B', 1), row('C', 2)];
    const { hook, sent } = listActions(rows);
    // The list still shows C third when the second press comes.
    hook.result.current.move(2, -1);
    hook.result.current.move(2, -1);
    expect(written(rows, sent())).toEqual(['C', 'A', 'B']);
  });

  it('once the list shows the move, the next one starts from what it shows', () => {
    const rows = [row('A', 0), row('B', 1), row('C', 2)];
    const { hook, sent } = listActions(rows);
    hook.result.current.move(0, 1);
    const shown = [row('B', 0), row('A', 1), row('C', 2)];
    hook.rerender({ shown });
    hook.result.current.move(2, -1);
    expect(written(rows, sent())).toEqual(['B', 'C', 'A']);
  });

  it('a row that cannot move that way sends nothing', () => {
    const { hook, sent } = listActions([row('A', 0), row('B', 1)]);
    hook.result.current.move(0, -1);
    hook.result.current.move(1, 1);
    expect(sent()).toEqual([]);
  });
});
