import { queryOptions } from '@tanstack/react-query';
import { readProfile } from '@/lib/backend/profile';
import type { PublicBackend } from '@/lib/backend/public-client';

/** photographer_profile read as a visitor (a missing row is no profile, SPEC §8): for the pages and the start-up prefetch. */
export const siteProfileQuery = (backend: PublicBackend) =>
  queryOptions({ queryKey: ['site', 'profile'], queryFn: () => readProfile(backend) });
