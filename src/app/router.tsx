import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageLoader } from '@/ui/page-loader';
import type { AdminAreaLoader } from './admin-area';
import { PUBLIC_PATHS } from './paths';
import { RouteError } from './route-error';

/** A screen loaded as its own chunk when its route is first visited. */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
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
      { path: PUBLIC_PATHS.home, lazy: screen(() => import('@/features/home/home-page'), (m) => m.HomePage) },
      {
        path: PUBLIC_PATHS.publicGallery,
        lazy: screen(() => import('@/features/public-gallery/public-gallery-page'), (m) => m.PublicGalleryPage),
      },
      {
        path: PUBLIC_PATHS.album,
        lazy: screen(() => import('@/features/public-gallery/album-gallery-page'), (m) => m.AlbumGalleryPage),
      },
      {
        path: PUBLIC_PATHS.clientLink,
        lazy: screen(() => import('@/features/client-gallery/client-gallery-page'), (m) => m.ClientGalleryPage),
      },
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
