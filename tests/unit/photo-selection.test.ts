import { describe, expect, it } from 'vitest';
import { nextSelection } from '@/features/admin-albums/use-photo-selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const sorted = (selection: Set<string>) => [...selection].sort();

describe('select mode', () => {
  it('toggles a photo on a plain click', () => {
    expect(sorted(nextSelection(order, new Set(), null, 'b', false))).toEqual(['b']);
    expect(sorted(nextSelection(order, new Set(['b', 'c']), 'c', 'b', false))).toEqual(['c']);
  });

  it('selects the range from the last photo clicked on a shift-click, either way, keeping what was selected', () => {
    expect(sorted(nextSelection(order, new Set(['b']), 'b', 'd', true))).toEqual(['b', 'c', 'd']);
    expect(sorted(nextSelection(order, new Set(['e', 'd']), 'd', 'b', true))).toEqual([
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('treats a shift-click without a photo clicked before (or one gone since) as a plain click', () => {
    expect(sorted(nextSelection(order, new Set(), null, 'c', true))).toEqual(['c']);
    expect(sorted(nextSelection(order, new Set(), 'gone', 'c', true))).toEqual(['c']);
  });
});
