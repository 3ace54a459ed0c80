import { describe, expect, it } from 'vitest';
import { overlayList } from '@/offline/outbox/overlay';
import type { ServicePackageRow } from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { queued } from './queued-change';

const row = (
  id: string,
  sort_order: number,
  created_at = '2026-01-01T00:00:00Z',
): ServicePackageRow => ({
  id,
  name: `Service ${id}`,
  whimsical_name: null,
  description: null,
  price_range: null,
  features: ['One'],
  icon_name: 'Heart',
  sort_order,
  is_active: true,
  created_at,
  updated_at: created_at,
});

describe('overlayServices', () => {
  const server = [row('b', 1), row('a', 0), row('c', 1, '2025-06-01T00:00:00Z')];

  it('orders by sort order, then creation', () => {
    expect(overlayList('services', server, []).map((service) => service.id)).toEqual([
      'a',
      'c',
      'b',
    ]);
  });

  it('adds a waiting new package with defaults for what it leaves out', () => {
    const shown = overlayList('services', server, [
      queued(
        newChange('service.create', {
          id: 'n',
          name: 'Mini',
          features: ['x', 'y'],
          icon_name: 'Star',
          sort_order: 9,
        }),
      ),
    ]);
    expect(shown.at(-1)).toMatchObject({
      id: 'n',
      name: 'Mini',
      whimsical_name: null,
      features: ['x', 'y'],
      icon_name: 'Star',
      is_active: true,
      pending: true,
    });
  });

  it('merges waiting edits and toggles, marks refusals, and drops waiting deletions', () => {
    const shown = overlayList('services', server, [
      queued(
        newChange('service.update', { id: 'a', name: 'Service a', changes: { is_active: false } }),
      ),
      queued(
        newChange('service.update', {
          id: 'b',
          name: 'Renamed',
          changes: { name: 'Renamed', features: [] },
        }),
        {
          status: 'failed',
          failure: { kind: 'refused', status: 400, message: 'Refused' },
        },
      ),
      queued(newChange('service.delete', { id: 'c', name: 'Service c' })),
    ]);
    expect(
      shown.map((service) => [
        service.id,
        service.name,
        service.is_active,
        service.features,
        service.syncError,
      ]),
    ).toEqual([
      ['a', 'Service a', false, ['One'], undefined],
      ['b', 'Renamed', true, [], 'Refused'],
    ]);
  });
});
