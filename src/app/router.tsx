import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PageLoader } from '@/ui/page-loader';
import type { AdminAreaLoader } from './admin-area';
import { PUBLIC_PAGES, ROUTES, routePath } from '@/lib/routes/route-table';
import { loadedPublicScreen, loadPublicScreen } from './public-screens';
import { RouteErrorBoundary } from './route-error';

/**
 * The router is React Router's declarative one (<Routes>), not its data router
 * (createBrowserRouter): the app uses no loaders or actions, and the data router is 16 KB
 * gzipped more of what every visitor downloads, and about 50 ms more of a phone's start-up.
 * Screens are React.lazy components; navigations are transitions, so the screen being left
 * stays until the next one's code is in.
 */

/**
 * A screen loaded as its own chunk when first shown. React.lazy remembers a failed load for
 * good; a screen whose code could not be fetched (offline before it was cached) is tried
 * again the next time it is shown. A screen whose code is already in (`loaded`) is drawn
 * directly: through React.lazy it would suspend once, and React reveals a suspended screen
 * no sooner than 300 ms after its fallback.
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  loaded: () => ComponentType | undefined = () => undefined,
): ComponentType {
  const attempt = (): Promise<{ default: ComponentType }> =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        Lazy = lazy(attempt);
        throw error;
      },
    );
  let Lazy = lazy(attempt);
  return function Screen() {
    // Chosen once per showing, so a screen shown through React.lazy is not swapped (and remounted) later.
    const [Shown] = useState<ComponentType>(() => loaded() ?? Lazy);
    return <Shown />;
  };
}

const publicRoutes = PUBLIC_PAGES.map((page) => ({
  page,
  Screen: lazyScreen(
    () => loadPublicScreen(page),
    () => loadedPublicScreen(page),
  ),
}));

const NotFound = lazyScreen(
  async () => (await import('@/features/not-found/not-found-page')).NotFoundPage,
);
const Login = lazyScreen(async () => (await import('@/features/admin-auth/login-page')).LoginPage);
const adminScreens = {
  dashboard: lazyScreen(
    async () => (await import('@/features/admin-dashboard/dashboard-page')).DashboardPage,
  ),
  albums: lazyScreen(async () => (await import('@/features/admin-albums/albums-page')).AlbumsPage),
  'albums/:id': lazyScreen(
    async () => (await import('@/features/admin-albums/album-detail-page')).AlbumDetailPage,
  ),
  'public-galleries': lazyScreen(
    async () =>
      (await import('@/features/admin-public-galleries/public-galleries-page')).PublicGalleriesPage,
  ),
  links: lazyScreen(async () => (await import('@/features/admin-links/links-page')).LinksPage),
  content: lazyScreen(
    async () => (await import('@/features/admin-content/content-page')).ContentPage,
  ),
  services: lazyScreen(
    async () => (await import('@/features/admin-services/services-page')).ServicesPage,
  ),
  testimonials: lazyScreen(
    async () => (await import('@/features/admin-testimonials/testimonials-page')).TestimonialsPage,
  ),
  design: lazyScreen(async () => (await import('@/features/admin-design/design-page')).DesignPage),
  settings: lazyScreen(
    async () => (await import('@/features/admin-settings/settings-page')).SettingsPage,
  ),
};

/** The admin shell inside the admin area's providers; its code loads with the admin area's. */
function adminShell(adminArea: AdminAreaLoader) {
  return lazyScreen(async () => {
    const [area, { AdminAreaProviders }, { AdminLayout }] = await Promise.all([
      adminArea.load(),
      import('./admin-area-providers'),
      import('@/features/admin-shell/admin-layout'),
    ]);
    return function AdminShell() {
      return (
        <AdminAreaProviders area={area}>
          <AdminLayout />
        </AdminAreaProviders>
      );
    };
  });
}

/** Every route of SPEC §2, as a component (made once per app). */
export function createAppRoutes(adminArea: AdminAreaLoader): ComponentType {
  const AdminShell = adminShell(adminArea);
  return function AppRoutes() {
    const { pathname } = useLocation();
    return (
      // A failure belongs to the screen it happened on: going elsewhere starts afresh.
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            {publicRoutes.map(({ page, Screen }) => (
              <Route key={page} path={ROUTES[page].pattern} element={<Screen />} />
            ))}
            <Route path={routePath('admin')}>
              <Route index element={<Login />} />
              <Route element={<AdminShell />}>
                {Object.entries(adminScreens).map(([path, Screen]) => (
                  <Route key={path} path={path} element={<Screen />} />
                ))}
                <Route path="*" element={<NotFound />} />
              </Route>
            </Route>
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}
