import type { ComponentType } from 'react';
import { createBrowserRouter, matchPath, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/ui/page-loader';
import type { AdminAreaLoader } from './admin-area';
import { PUBLIC_PATHS } from './paths';
import { RouteError } from './route-error';

/** A screen loaded as its own chunk when its route is first visited. */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The public pages' code: loaded by the router, and at start-up for the page being opened. */
const publicScreens: Record<keyof typeof PUBLIC_PATHS, () => Promise<ComponentType>> = {
  home: async () => (await import('@/features/home/home-page')).HomePage,
  publicGallery: async () => (await import('@/features/public-gallery/public-gallery-page')).PublicGalleryPage,
  album: async () => (await import('@/features/public-gallery/album-gallery-page')).AlbumGalleryPage,
  clientLink: async () => (await import('@/features/client-gallery/client-gallery-page')).ClientGalleryPage,
};

/**
 * Starts loading the code of the public page at `pathname` at once, with the site's
 * configuration, rather than once the router has started: on a phone that is a round trip
 * off the first screen. The router's own import then finds it loaded.
 */
export function preloadPublicScreen(pathname: string): void {
  const name = (Object.keys(PUBLIC_PATHS) as Array<keyof typeof PUBLIC_PATHS>).find((key) => matchPath(PUBLIC_PATHS[key], pathname));
  if (name) void publicScreens[name]().catch(() => undefined); // the router shows the failure
}

const notFound = screen(() => import('@/features/not-found/not-found-page'), (m) => m.NotFoundPage);

/** The admin shell, inside the admin area's providers (its code loads with the shell's). */
function adminShell(adminArea: AdminAreaLoader) {
  return async () => {
    const [area, { AdminAreaProviders }, { AdminLayout }] = await Promise.all([
      adminArea.load(),
      import('./admin-area-providers'),
      import('@/features/admin-shell/admin-layout'),
    ]);
    return {
      Component: () => (
        <AdminAreaProviders area={area}>
          <AdminLayout />
        </AdminAreaProviders>
      ),
    };
  };
}

/** Every route of SPEC §2. */
export const appRoutes = (adminArea: AdminAreaLoader): RouteObject[] => [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <PageLoader />,
    children: [
      ...(Object.keys(PUBLIC_PATHS) as Array<keyof typeof PUBLIC_PATHS>).map((name) => ({
        path: PUBLIC_PATHS[name],
        lazy: async () => ({ Component: await publicScreens[name]() }),
      })),
      {
        path: '/admin',
        children: [
          { index: true, lazy: screen(() => import('@/features/admin-auth/login-page'), (m) => m.LoginPage) },
          {
            lazy: adminShell(adminArea),
            children: [
              {
                path: 'dashboard',
                lazy: screen(() => import('@/features/admin-dashboard/dashboard-page'), (m) => m.DashboardPage),
              },
              { path: 'albums', lazy: screen(() => import('@/features/admin-albums/albums-page'), (m) => m.AlbumsPage) },
              {
                path: 'albums/:id',
                lazy: screen(() => import('@/features/admin-albums/album-detail-page'), (m) => m.AlbumDetailPage),
              },
              {
                path: 'public-galleries',
                lazy: screen(
                  () => import('@/features/admin-public-galleries/public-galleries-page'),
                  (m) => m.PublicGalleriesPage,
                ),
              },
              { path: 'links', lazy: screen(() => import('@/features/admin-links/links-page'), (m) => m.LinksPage) },
              { path: 'content', lazy: screen(() => import('@/features/admin-content/content-page'), (m) => m.ContentPage) },
              {
                path: 'services',
                lazy: screen(() => import('@/features/admin-services/services-page'), (m) => m.ServicesPage),
              },
              {
                path: 'testimonials',
                lazy: screen(() => import('@/features/admin-testimonials/testimonials-page'), (m) => m.TestimonialsPage),
              },
              { path: 'design', lazy: screen(() => import('@/features/admin-design/design-page'), (m) => m.DesignPage) },
              {
                path: 'settings',
                lazy: screen(() => import('@/features/admin-settings/settings-page'), (m) => m.SettingsPage),
              },
              { path: '*', lazy: notFound },
            ],
          },
        ],
      },
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter(adminArea: AdminAreaLoader) {
  return createBrowserRouter(appRoutes(adminArea));
}
