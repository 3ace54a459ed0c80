import type {
  TestimonialRow,
  TestimonialInsert,
  TestimonialUpdate,
} from '@/lib/backend/database.types';
import {
  createTestimonial,
  deleteTestimonial,
  updateTestimonial,
} from '@/lib/backend/testimonials';
import { listKinds } from './list-kinds';

declare module './define' {
  interface RowTypes {
    testimonials: TestimonialRow;
  }
}

/** Changes of the testimonials: testimonial.create, testimonial.update, testimonial.delete. */
export const testimonialKinds = listKinds<
  'testimonial',
  'testimonials',
  TestimonialInsert,
  TestimonialUpdate
>({
  kind: 'testimonial',
  rows: 'testimonials',
  affects: 'testimonials',
  noun: 'testimonial from',
  nameOf: (testimonial) => testimonial.client_name,
  defaults: { photo_url: null, is_active: true, sort_order: 0 },
  create: createTestimonial,
  update: updateTestimonial,
  remove: deleteTestimonial,
});
