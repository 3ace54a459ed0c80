import { useQuery } from '@tanstack/react-query';
import { usePublicBackend } from '@/lib/backend/backend-context';
import type { PhotographerProfileRow } from '@/lib/backend/database.types';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { safeHref, safeImageSrc } from '@/lib/safe-url';
import { siteProfileQuery } from './site-profile-query';

export const DEFAULT_SITE_NAME = 'Photography Portfolio';
export const DEFAULT_SITE_SUBTITLE = 'Professional Photography Gallery';

export type SocialNetwork = 'instagram' | 'facebook' | 'twitter' | 'linkedin' | 'website';

/** The profile as public pages show it: defaults filled in, every address checked. */
export interface SiteProfile {
  siteName: string;
  /** Null when the photographer has not set one (pages choose whether to show a default). */
  subtitle: string | null;
  logoSrc: string | undefined;
  /** Only the networks that are set and safe, in the spec's order. */
  socialLinks: Array<{ network: SocialNetwork; href: string }>;
}

const NETWORKS: SocialNetwork[] = ['instagram', 'facebook', 'twitter', 'linkedin', 'website'];

export function toSiteProfile(
  row: PhotographerProfileRow | null,
  resolveUrl: (url: string | null | undefined) => string | undefined,
): SiteProfile {
  const socialLinks = NETWORKS.flatMap((network) => {
    const href = safeHref(row?.[`social_${network}`]);
    // Social links leave the site: only web addresses, never mail, phone or in-page links.
    return href && /^https?:\/\//i.test(href) ? [{ network, href }] : [];
  });
  return {
    siteName: row?.site_name?.trim() || DEFAULT_SITE_NAME,
    subtitle: row?.subtitle?.trim() || null,
    logoSrc: safeImageSrc(resolveUrl(row?.logo_url)),
    socialLinks,
  };
}

/** The profile every public page shows. */
export function useSiteProfile() {
  const backend = usePublicBackend();
  const query = useQuery(siteProfileQuery(backend));
  const profile = toSiteProfile(query.data ?? null, (url) => resolveStorageUrl(backend, url));
  return { profile, query };
}
