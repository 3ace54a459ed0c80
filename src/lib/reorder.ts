/**
 * Putting a list in order by moving its rows (Move up / Move down) rather than by typing
 * numbers: the new order is written as sort orders 0, 1, 2, … Used by every list the
 * photographer orders (page sections, services, testimonials).
 */

interface Ordered {
  sort_order: number;
}

/** The list with the row at `index` moved one place up (-1) or down (+1); null when it cannot move that way. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] | null {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return null;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/**
 * The sort orders to write so that `ordered` is the list's order: positions 0, 1, 2, … for
 * the rows not already there (rows of equal sort order, as seeded, get told apart too).
 */
export function sortOrderChanges<T extends Ordered>(
  ordered: readonly T[],
): Array<{ row: T; sortOrder: number }> {
  return ordered.flatMap((row, index) =>
    row.sort_order === index ? [] : [{ row, sortOrder: index }],
  );
}

/** The sort order that puts a new row after every row of the list (0 for an empty list). */
export function nextSortOrder(list: readonly Ordered[]): number {
  return list.reduce((max, row) => Math.max(max, row.sort_order), -1) + 1;
}
