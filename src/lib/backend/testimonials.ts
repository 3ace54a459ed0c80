import type { Backend } from './client';
import type { TestimonialInsert, TestimonialRow, TestimonialUpdate } from './database.types';
import { unwrap } from './errors';
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

/** insert into testimonials; a replay of the same id is ignored. */
export async function createTestimonial(
  backend: Backend,
  testimonial: TestimonialInsert & { id: string },
): Promise<void> {
  unwrap(
    await backend.adminClient
      .from('testimonials')
      .upsert(testimonial, { onConflict: 'id', ignoreDuplicates: true }),
  );
}

/** update testimonials by id. */
export async function updateTestimonial(
  backend: Backend,
  id: string,
  changes: TestimonialUpdate,
): Promise<void> {
  unwrap(await backend.adminClient.from('testimonials').update(changes).eq('id', id));
}

/** delete from testimonials by id. */
export async function deleteTestimonial(backend: Backend, id: string): Promise<void> {
  unwrap(await backend.adminClient.from('testimonials').delete().eq('id', id));
}

/** A testimonial as the home page shows it. */
export type HomeTestimonial = Pick<TestimonialRow, 'id' | 'client_name' | 'quote' | 'photo_url'>;

/**
 * read testimonials as a visitor: the active ones by sort_order (row-level security gives a
 * visitor no others). Like the home page's other reads, supabase-js's own retries are off.
 */
export async function readHomeTestimonials(backend: PublicBackend): Promise<HomeTestimonial[]> {
  return unwrap(
    await backend.publicClient
      .from('testimonials')
      .select('id, client_name, quote, photo_url')
      .eq('is_active', true)
      .order('sort_order')
      .order('created_at')
      .retry(false),
  );
}
