import { queryOptions } from '@tanstack/react-query';
import type { PublicBackend } from '@/lib/backend/public-client';
import { readSiteSettings } from '@/lib/backend/site-settings';

/** Query keys of what public pages read; never under 'admin' (those are cleared at sign-out and persisted). */
export const siteKeys = {
  settings: () => ['site', 'settings'] as const,
};

/** The saved site settings, read as a visitor: for the pages and for the start-up prefetch. */
export const siteSettingsQuery = (backend: PublicBackend) =>
  queryOptions({ queryKey: siteKeys.settings(), queryFn: () => readSiteSettings(backend) });
