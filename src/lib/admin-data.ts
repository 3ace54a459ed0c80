/**
 * The admin area's data, by the second part of its React Query keys (`['admin', area, …]`).
 * Each kind of outbox change names the areas it alters (src/offline/outbox/kinds/), and
 * only those are refetched once it is on the server; each screen's keys are checked against
 * this list (`satisfies AdminQueryKey`), so the two cannot drift apart.
 */
export type AdminData =
  | 'albums'
  | 'album'
  | 'gallery-links'
  | 'public-galleries'
  | 'page-content'
  | 'services'
  | 'testimonials'
  | 'profile'
  | 'site-settings'
  | 'link-defaults'
  | 'admin-users'
  | 'dashboard';

export type AdminQueryKey = readonly ['admin', AdminData, ...unknown[]];

/** The query key prefix of one area (for invalidating it). */
export const adminDataKey = (area: AdminData) => ['admin', area] as const;
