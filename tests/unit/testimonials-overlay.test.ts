// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { overlayList } from '@/offline/outbox/overlay';
import {
  toTestimonialFields,
  testimonialSchema,
} from '@/features/admin-testimonials/testimonial-form';
import type { TestimonialRow } from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { queued as queuedChange } from './queued-change';

const row = (
  id: string,
  sort_order: number,
  fields: Partial<TestimonialRow> = {},
): TestimonialRow => ({
  id,
  client_name: `Client ${id}`,
  quote: 'Lovely.',
  photo_url: null,
  is_active: true,
  sort_order,
  created_at: `2026-01-0${sort_order + 1}T00:00:00Z`,
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});

describe('the testimonials overlay', () => {
  it('adds waiting testimonials, merges edits and moves, drops deletions, by sort order', () => {
    const server = [row('a', 0), row('b', 1), row('c', 2)];
    const items = [
      queuedChange(
        newChange('testimonial.create', {
          id: 'd',
          client_name: 'New',
          quote: 'Hi',
          sort_order: 3,
        }),
      ),
      queuedChange(
        newChange('testimonial.update', { id: 'c', name: 'Client c', changes: { sort_order: 0 } }),
      ),
      queuedChange(
        newChange('testimonial.update', {
          id: 'a',
          name: 'Client a',
          changes: { sort_order: 2, is_active: false },
        }),
      ),
      queuedChange(newChange('testimonial.delete', { id: 'b', name: 'Client b' })),
    ];
    const shown = overlayList('testimonials', server, items);
    expect(
      shown.map(({ id, sort_order, is_active, pending }) => ({
        id,
        sort_order,
        is_active,
        pending,
      })),
    ).toEqual([
      { id: 'c', sort_order: 0, is_active: true, pending: true },
      { id: 'a', sort_order: 2, is_active: false, pending: true },
      { id: 'd', sort_order: 3, is_active: true, pending: true },
    ]);
  });
});

describe('the testimonial form', () => {
  it('requires a name and a quote within the database limits, and saves no photo as null', () => {
    const errors = (values: object) =>
      testimonialSchema
        .safeParse({ clientName: 'Emma', quote: 'Lovely', photoUrl: '', isActive: true, ...values })
        .error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ clientName: '   ' })).toEqual(['Client name is required']);
    expect(errors({ clientName: 'x'.repeat(101) })).toEqual(['At most 100 characters']);
    expect(errors({ quote: '' })).toEqual(['Quote is required']);
    expect(errors({ quote: 'x'.repeat(2001) })).toEqual(['At most 2000 characters']);
    expect(
      toTestimonialFields({
        clientName: ' Emma ',
        quote: ' Lovely ',
        photoUrl: ' ',
        isActive: false,
      }),
    ).toEqual({
      client_name: 'Emma',
      quote: 'Lovely',
      photo_url: null,
      is_active: false,
    });
  });
});
