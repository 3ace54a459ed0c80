import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { listTestimonials } from '@/lib/backend/testimonials';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { overlayList, type Shown } from '@/offline/outbox/overlay';
import { useErrorToast } from '@/ui/use-error-toast';
import { testimonialKeys } from './testimonial-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownTestimonial = Shown<'testimonials'>;

/** Every testimonial, with changes still waiting in the outbox applied. */
export function useTestimonials() {
  const backend = useBackend();
  const query = useQuery({
    queryKey: testimonialKeys.list(),
    queryFn: () => listTestimonials(backend),
  });
  useErrorToast(query.error, 'Failed to load testimonials');
  const pending = usePendingFor('testimonial');
  const testimonials = useMemo(
    () => overlayList('testimonials', query.data ?? [], pending),
    [query.data, pending],
  );
  return { testimonials, isPending: query.isPending && testimonials.length === 0 };
}
