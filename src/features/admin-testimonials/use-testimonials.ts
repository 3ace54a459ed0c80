import { listTestimonials } from '@/lib/backend/testimonials';
import type { Shown } from '@/offline/outbox/overlay';
import { useShownList } from '@/offline/outbox/use-shown-list';
import { testimonialKeys } from './testimonial-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownTestimonial = Shown<'testimonials'>;

/** Every testimonial, with changes still waiting in the outbox applied. */
export function useTestimonials() {
  const { rows, isPending } = useShownList('testimonials', {
    queryKey: testimonialKeys.list(),
    read: listTestimonials,
    failure: 'Failed to load testimonials',
    entity: 'testimonial',
  });
  return { testimonials: rows, isPending };
}
