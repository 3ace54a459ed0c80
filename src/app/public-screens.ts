import type { ComponentType } from 'react';
import { matchPublicPath, type PublicPage } from './paths';

/** The public pages' code, each a chunk of its own: loaded by the router, and at start-up for the page being opened. */
export const publicScreens: Record<PublicPage, () => Promise<ComponentType>> = {
  home: async () => (await import('@/features/home/home-page')).HomePage,
  publicGallery: async () => (await import('@/features/public-gallery/public-gallery-page')).PublicGalleryPage,
  album: async () => (await import('@/features/public-gallery/album-gallery-page')).AlbumGalleryPage,
  clientLink: async () => (await import('@/features/client-gallery/client-gallery-page')).ClientGalleryPage,
};

/**
 * Starts loading the code of the public page at `pathname` at once, with the page's reads,
 * rather than once React is in and renders the route: on a phone that is a round trip off
 * the first screen. The router's own import then finds it loaded.
 */
export function preloadPublicScreen(pathname: string): void {
  const match = matchPublicPath(pathname);
  if (match) void publicScreens[match.page]().catch(() => undefined); // the route shows the failure
}
