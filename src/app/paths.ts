/** The public routes' patterns (SPEC §2), shared by the router and the start-up prefetch. */
export const PUBLIC_PATHS = {
  home: '/',
  publicGallery: '/gallery/public/:id',
  album: '/gallery/:id',
  clientLink: '/client/:accessToken',
} as const;
