import { queryOptions } from '@tanstack/react-query';
import { readHomeContent } from '@/lib/backend/home-page';
import type { PublicBackend } from '@/lib/backend/public-client';
import { readHomeTestimonials } from '@/lib/backend/testimonials';

/** Query keys of the home page; under 'site' like every public read (never persisted, kept at sign-out). */
export const homeKeys = {
  content: () => ['site', 'home'] as const,
  testimonials: () => ['site', 'home-testimonials'] as const,
};

/** The home page's own content: for the page and for the start-up prefetch. */
export const homeContentQuery = (backend: PublicBackend) =>
  queryOptions({ queryKey: homeKeys.content(), queryFn: () => readHomeContent(backend) });

/** The active testimonials ('Kind Words'): for the page and for the start-up prefetch. */
export const homeTestimonialsQuery = (backend: PublicBackend) =>
  queryOptions({ queryKey: homeKeys.testimonials(), queryFn: () => readHomeTestimonials(backend) });
