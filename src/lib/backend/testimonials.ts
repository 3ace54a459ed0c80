import type { Backend } from './client';
import type { TestimonialRow } from './database.types';
import { unwrap } from './errors';
import { rowsById } from './rows-by-id';
import type { PublicBackend } from './public-client';

/** read testimonials (active or not) by sort_order, for the admin screen. */
export async function listTestimonials(backend: Backend): Promise<TestimonialRow[]> {
  return unwrap(
    await backend.adminClient
      .from('testimonials')
      .select('*')
      .order('sort_order')
      .order('created_at'),
  );
}

/** The writes of testimonials by id, each safe to replay (rows-by-id.ts). */
export const {
  create: createTestimonial,
  update: updateTestimonial,
  remove: deleteTestimonial,
} = rowsById('testimonials');

/** A testimonial as the home page shows it. */
export type HomeTestimonial = Pick<TestimonialRow, 'id' | 'client_name' | 'quote' | 'photo_url'>;

/**
 * read testimonials as a visitor: the active ones by sort_order (row-level security gives a
 * visitor no others). Like the home page's other reads, supabase-js's own retries are off.
 */
export async function readHomeTestimonials(backend: PublicBackend): Promise<HomeTestimonial[]> {
  const db = await backend.publicClient();
  return unwrap(
    await db
      .from('testimonials')
      .select('id, client_name, quote, photo_url')
      .eq('is_active', true)
      .order('sort_order')
      .order('created_at')
      .retry(false),
  );
}
