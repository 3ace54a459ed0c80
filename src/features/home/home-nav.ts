/** The home page's sections in its header: inline on wide screens, behind the Menu button below. */
export const HOME_NAV = [
  { target: 'portrait-sessions', label: 'Sessions' },
  { target: 'about-story', label: 'About' },
  { target: 'galleries', label: 'Galleries' },
] as const;

export type HomeNavLink = (typeof HOME_NAV)[number];

/** From this width the links show inline and the Menu button is hidden (Tailwind's lg). */
export const INLINE_NAV_QUERY = '(min-width: 64rem)';
