import type { AdminQueryKey } from '@/lib/admin-data';

/** React Query keys of the testimonials screen; everything admin lives under 'admin'. */
export const testimonialKeys = {
  list: () => ['admin', 'testimonials'] as const satisfies AdminQueryKey,
};
