import { describe, expect, it } from 'vitest';
import {
  cleanFeatures,
  featureCount,
  serviceFormValues,
  serviceSchema,
  toServiceFields,
} from '@/features/admin-services/service-form';
import type { ServicePackageRow } from '@/lib/backend/database.types';

const family: ServicePackageRow = {
  id: 's1',
  name: 'Family Session',
  whimsical_name: 'Little Adventures',
  description: null,
  price_range: '$350 – $450',
  features: ['60 minute session', '40+ edited photos'],
  icon_name: 'Sparkles',
  sort_order: 3,
  is_active: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('cleanFeatures', () => {
  it('trims lines and drops empty ones, keeping the order', () => {
    expect(cleanFeatures(['  One ', '', 'Two', '   ', 'Three'])).toEqual(['One', 'Two', 'Three']);
    expect(cleanFeatures(['', ' '])).toEqual([]);
  });
});

describe('the service form', () => {
  it('starts with one empty feature line, the Heart icon and active', () => {
    expect(serviceFormValues()).toEqual({
      name: '',
      whimsicalName: '',
      description: '',
      priceRange: '',
      features: [{ value: '' }],
      iconName: 'Heart',
      isActive: true,
    });
  });

  it('requires a name', () => {
    const result = serviceSchema.safeParse({ ...serviceFormValues(), name: '   ' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      'Service name is required',
    ]);
  });

  it('saves empty optional fields as null, drops empty feature lines and writes no sort order (the list decides it)', () => {
    const values = serviceSchema.parse({
      ...serviceFormValues(),
      name: ' Mini Session ',
      features: [{ value: 'A' }, { value: '' }, { value: ' B ' }],
      iconName: 'Star',
    });
    expect(toServiceFields(values)).toEqual({
      name: 'Mini Session',
      whimsical_name: null,
      description: null,
      price_range: null,
      features: ['A', 'B'],
      icon_name: 'Star',
      is_active: true,
    });
  });

  it('round-trips a stored package', () => {
    expect(toServiceFields(serviceSchema.parse(serviceFormValues(family)))).toEqual({
      name: family.name,
      whimsical_name: family.whimsical_name,
      description: null,
      price_range: family.price_range,
      features: family.features,
      icon_name: 'Sparkles',
      is_active: false,
    });
  });

  it('rejects icons outside the spec’s four', () => {
    expect(serviceSchema.safeParse({ ...serviceFormValues(family), iconName: 'Sun' }).success).toBe(
      false,
    );
  });

  it('words the feature count', () => {
    expect([0, 1, 4].map(featureCount)).toEqual(['0 features', '1 feature', '4 features']);
  });
});
