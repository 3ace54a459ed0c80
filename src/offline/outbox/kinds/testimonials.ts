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
import {
  afterUploads,
  define,
  listRow,
  quoted,
  type NamedChanges,
  type WaitsFor,
  type WithId,
} from './define';

declare module './define' {
  interface RowTypes {
    testimonials: TestimonialRow;
  }
}

/** Changes of the testimonials. */
export const testimonialKinds = {
  'testimonial.create': define({
    version: 1,
    build: ({ waitFor, ...testimonial }: TestimonialInsert & WithId & WaitsFor) => ({
      entity: `testimonial:${testimonial.id}`,
      dependsOn: afterUploads(waitFor),
      payload: testimonial,
      label: `Add testimonial from ${quoted(testimonial.client_name)}`,
    }),
    send: (testimonial, { backend }) => createTestimonial(backend, testimonial),
    touches: ({ id }) => [`testimonial:${id}`],
    affects: ['testimonials'],
    // The table's defaults for what the form left out.
    apply: {
      testimonials: listRow.created<TestimonialRow>({
        photo_url: null,
        is_active: true,
        sort_order: 0,
      }),
    },
  }),
  'testimonial.update': define({
    version: 1,
    build: (testimonial: NamedChanges<TestimonialUpdate> & WaitsFor) => ({
      entity: `testimonial:${testimonial.id}`,
      dependsOn: afterUploads(testimonial.waitFor),
      payload: { id: testimonial.id, changes: testimonial.changes },
      label: `Update testimonial from ${quoted(testimonial.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updateTestimonial(backend, id, changes),
    touches: ({ id }) => [`testimonial:${id}`],
    affects: ['testimonials'],
    apply: { testimonials: listRow.updated },
  }),
  'testimonial.delete': define({
    version: 1,
    build: (testimonial: { id: string; name: string }) => ({
      entity: `testimonial:${testimonial.id}`,
      payload: { id: testimonial.id } satisfies WithId,
      label: `Delete testimonial from ${quoted(testimonial.name)}`,
    }),
    send: ({ id }, { backend }) => deleteTestimonial(backend, id),
    touches: ({ id }) => [`testimonial:${id}`],
    affects: ['testimonials'],
    apply: { testimonials: listRow.deleted },
  }),
};
