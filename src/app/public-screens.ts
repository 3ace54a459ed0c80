import type { ComponentType } from 'react';
import { matchPublicPage, type PublicPage } from '@/lib/routes/route-table';

const imports: Record<PublicPage, () => Promise<ComponentType>> = {
  home: async () => (await import('@/features/home/home-page')).HomePage,
  publicGallery: async () =>
    (await import('@/features/public-gallery/public-gallery-page')).PublicGalleryPage,
  album: async () =>
    (await import('@/features/public-gallery/album-gallery-page')).AlbumGalleryPage,
  clientLink: async () =>
    (await import('@/features/client-gallery/client-gallery-page')).ClientGalleryPage,
};

const loaded = new Map<PublicPage, ComponentType>();

/** The code of a public page, each a chunk of its own. */
export async function loadPublicScreen(page: PublicPage): Promise<ComponentType> {
  const Screen = await imports[page]();
  loaded.set(page, Screen);
  return Screen;
}

/** A public page's screen once its code is in, so the router can render it at once. */
export const loadedPublicScreen = (page: PublicPage): ComponentType | undefined => loaded.get(page);

/**
 * Loads the code of the public page at `pathname` at once, with the page's reads, rather than
 * once React is in and renders the route: on a phone that is a round trip off the first
 * screen. Settles when it is in, or failed (the route then shows the failure).
 */
export async function preloadPublicScreen(pathname: string): Promise<void> {
  const match = matchPublicPage(pathname);
  if (match) await loadPublicScreen(match.page).catch(() => undefined);
}
