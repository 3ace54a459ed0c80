// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { moved, nextSortOrder, sortOrderChanges } from '@/lib/reorder';

const rows = (...orders: number[]) =>
  orders.map((sort_order, index) => ({ id: String.fromCharCode(97 + index), sort_order }));

describe('ordering a list by moving its rows', () => {
  it('moves a row one place, and not past either end', () => {
    const list = rows(0, 1, 2);
    expect(moved(list, 0, -1)).toBeNull();
    expect(moved(list, 2, 1)).toBeNull();
    expect(moved(list, 5, -1)).toBeNull();
    expect(moved(list, 1, 1)!.map((row) => row.id)).toEqual(['a', 'c', 'b']);
    expect(moved(list, 1, -1)!.map((row) => row.id)).toEqual(['b', 'a', 'c']);
    expect(list.map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });

  it('writes positions 0, 1, 2 … only where they change, telling equal sort orders apart', () => {
    const order = moved(rows(0, 0, 5), 2, -1)!;
    expect(order.map((row) => row.id)).toEqual(['a', 'c', 'b']);
    expect(sortOrderChanges(order).map(({ row, sortOrder }) => [row.id, sortOrder])).toEqual([
      ['c', 1],
      ['b', 2],
    ]);
    expect(sortOrderChanges(rows(0, 1, 2))).toEqual([]);
  });

  it('puts a new row after the last', () => {
    expect(nextSortOrder([])).toBe(0);
    expect(nextSortOrder(rows(0, 7, 3))).toBe(8);
    expect(nextSortOrder(rows(-4))).toBe(0);
  });
});
