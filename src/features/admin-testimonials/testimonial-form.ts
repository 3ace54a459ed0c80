import { z } from '@/lib/schema';
import type { TestimonialRow } from '@/lib/backend/database.types';

/** The database's limits (supabase/migrations/20261124000600_testimonials.sql). */
export const MAX_CLIENT_NAME = 100;
export const MAX_QUOTE = 2000;

export const testimonialSchema = z.object({
  clientName: z
    .string()
    .trim()
    .min(1, 'Client name is required')
    .max(MAX_CLIENT_NAME, `At most ${MAX_CLIENT_NAME} characters`),
  quote: z
    .string()
    .trim()
    .min(1, 'Quote is required')
    .max(MAX_QUOTE, `At most ${MAX_QUOTE} characters`),
  /** The photo's stored URL; empty for none. */
  photoUrl: z.string(),
  isActive: z.boolean(),
});
export type TestimonialFormValues = z.infer<typeof testimonialSchema>;

/** The columns of a testimonial the dialog writes (the order is the list's, not the form's). */
export type TestimonialFields = Pick<
  TestimonialRow,
  'client_name' | 'quote' | 'photo_url' | 'is_active'
>;

/** The form's starting values: the testimonial being edited, or an empty active one. */
export function testimonialFormValues(testimonial?: TestimonialRow): TestimonialFormValues {
  return {
    clientName: testimonial?.client_name ?? '',
    quote: testimonial?.quote ?? '',
    photoUrl: testimonial?.photo_url ?? '',
    isActive: testimonial?.is_active ?? true,
  };
}

/** Checked form values as the row's columns: text trimmed, no photo as null. */
export function toTestimonialFields(values: TestimonialFormValues): TestimonialFields {
  const photo = values.photoUrl.trim();
  return {
    client_name: values.clientName.trim(),
    quote: values.quote.trim(),
    photo_url: photo === '' ? null : photo,
    is_active: values.isActive,
  };
}
