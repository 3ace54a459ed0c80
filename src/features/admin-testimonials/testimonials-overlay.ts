import type { TestimonialRow } from '@/lib/backend/database.types';
import { pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { visitChange, type OutboxItem } from '@/offline/outbox/registry';

/** A testimonial as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownTestimonial = TestimonialRow & PendingMark;

/**
 * The testimonials as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones added, edits, moves and eye toggles merged, deletions gone), by
 * sort order.
 */
export function overlayTestimonials(
  server: TestimonialRow[],
  items: OutboxItem[],
): ShownTestimonial[] {
  const testimonials = new Map<string, ShownTestimonial>(
    server.map((testimonial) => [testimonial.id, { ...testimonial }]),
  );
  for (const item of items) {
    const mark = pendingMark(item);
    visitChange(item, {
      'testimonial.create': (testimonial) => {
        if (testimonials.has(testimonial.id)) return;
        const at = new Date(item.createdAt).toISOString();
        testimonials.set(testimonial.id, {
          photo_url: null,
          is_active: true,
          sort_order: 0,
          ...testimonial,
          created_at: at,
          updated_at: at,
          ...mark,
        });
      },
      'testimonial.update': ({ id, changes }) => {
        const testimonial = testimonials.get(id);
        if (testimonial) testimonials.set(id, { ...testimonial, ...changes, ...mark });
      },
      'testimonial.delete': ({ id }) => testimonials.delete(id),
    });
  }
  return [...testimonials.values()].sort(
    (a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at),
  );
}
