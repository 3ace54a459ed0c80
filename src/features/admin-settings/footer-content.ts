import type { PhotographerProfileRow } from '@/lib/backend/database.types';
import { isWebAddress } from '@/lib/safe-url';
import { SOCIAL_FIELDS } from './profile-form';

/** What the site shows when no site name is set. */
export const DEFAULT_SITE_NAME = 'Photography Portfolio';

export interface FooterLink {
  key: string;
  label: string;
  text: string;
  /** Set only for http(s) links; anything else is shown as text, never put into href (docs/architecture.md §4). */
  href?: string;
}

export interface FooterContent {
  siteName: string;
  tagline: string | null;
  links: FooterLink[];
  copyright: string;
}

/** The footer generated from the profile: site name, tagline (the subtitle), social links, '© <year> <site name>'. */
export function footerContent(
  profile: Partial<PhotographerProfileRow> | null,
  year: number,
): FooterContent {
  const siteName = profile?.site_name?.trim() || DEFAULT_SITE_NAME;
  const links: FooterLink[] = [];
  for (const field of SOCIAL_FIELDS) {
    const value = profile?.[field.name]?.trim();
    if (value)
      links.push({
        key: field.name,
        label: field.label,
        text: value,
        href: isWebAddress(value) ? value.trim() : undefined,
      });
  }
  return {
    siteName,
    tagline: profile?.subtitle?.trim() || null,
    links,
    copyright: `© ${year} ${siteName}`,
  };
}
