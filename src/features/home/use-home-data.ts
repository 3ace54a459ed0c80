import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { useSiteTheme } from '@/theme/use-site-theme';
import { useSiteProfile } from '@/ui/site/use-site-profile';
import { useErrorToast } from '@/ui/use-error-toast';
import { homeContentQuery, homeTestimonialsQuery } from './home-keys';

export const LOAD_ERROR = 'Failed to load gallery data.';

/**
 * Every read of the home page, in parallel: site settings (applied as the theme), profile
 * and the page's own content. Loading ends when all have arrived or one has failed (SPEC §4:
 * the page becomes loaded also on error); a failure shows the spec's toast once.
 */
export function useHomeData() {
  const backend = usePublicBackend();
  const { design, query: settings } = useSiteTheme();
  const { profile, query: profileQuery } = useSiteProfile();
  const content = useQuery(homeContentQuery(backend));
  const testimonials = useQuery(homeTestimonialsQuery(backend));

  // The first failure is kept, so reads failing one after another give one toast, not three.
  const failure = settings.error ?? profileQuery.error ?? content.error ?? testimonials.error;
  const [firstFailure, setFirstFailure] = useState<unknown>(null);
  if (failure && !firstFailure) setFirstFailure(failure);
  useErrorToast(firstFailure, LOAD_ERROR);

  // Once one read has failed the page shows (with defaults for what is missing) rather than
  // waiting for the others to give up too; what arrives later still fills in.
  const reading =
    !firstFailure &&
    (settings.isPending || profileQuery.isPending || content.isPending || testimonials.isPending);
  return {
    // The text shows in fallbacks sized like the design's fonts until those arrive (src/theme/font-fallbacks.ts).
    loading: reading,
    design,
    profile,
    content: content.data,
    testimonials: testimonials.data ?? [],
  };
}
