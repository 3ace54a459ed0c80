import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { RouteParamProvider, usePathname } from '@/lib/navigation/navigation';
import { matchPattern, matchRoute, PUBLIC_PAGES, routePath } from '@/lib/routes/route-table';
import { PageLoader } from '@/ui/page-loader';
import { setHydrating } from '@/ui/use-revealed';
import type { AdminAreaLoader } from './admin-area';
import { loadedPublicScreen, loadPublicScreen } from './public-screens';
import { RouteErrorBoundary } from './route-error';

/**
 * Which screen an address shows is the route table's (src/lib/routes/route-table.ts, the one
 * matcher the server, the gateway and the static host's edge function use too); the address
 * itself is src/lib/navigation's. Screens are React.lazy components; moves are transitions,
 * so the screen being left stays until the next one's code is in.
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

const publicScreens = new Map(
  PUBLIC_PAGES.map((page) => [
    page,
    lazyScreen(
      () => loadPublicScreen(page),
      () => loadedPublicScreen(page),
    ),
  ]),
);

const NotFound = lazyScreen(
  async () => (await import('@/features/not-found/not-found-page')).NotFoundPage,
);
const Login = lazyScreen(async () => (await import('@/features/admin-auth/login-page')).LoginPage);
/** The admin area's screens, by their address under /admin (matchPattern's patterns). */
const adminScreens: Record<string, ComponentType> = {
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

const ADMIN = routePath('admin');

/**
 * The admin screen at the address, inside the shell: the shell (sidebar, outbox) stays
 * mounted as the photographer moves between screens.
 */
function AdminScreen() {
  const pathname = usePathname();
  for (const [path, Screen] of Object.entries(adminScreens)) {
    const match = matchPattern(`${ADMIN}/${path}`, pathname);
    if (match)
      return (
        <RouteParamProvider value={match.param}>
          <Screen />
        </RouteParamProvider>
      );
  }
  return <NotFound />;
}

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
          <AdminLayout>
            <AdminScreen />
          </AdminLayout>
        </AdminAreaProviders>
      );
    };
  });
}

/**
 * Says the page the server drew has been hydrated (src/ui/use-revealed.ts). React hydrates what
 * is inside a Suspense boundary in a render of its own, after the rest of the app's first
 * commit; this effect runs after the screen's own, beside which it is mounted.
 */
function HydrationOver() {
  useEffect(() => {
    setHydrating(false);
  }, []);
  return null;
}

/** Every route of SPEC §2, as a component (made once per app). */
export function createAppRoutes(adminArea: AdminAreaLoader): ComponentType {
  const AdminShell = adminShell(adminArea);
  return function AppRoutes() {
    const pathname = usePathname();
    const { name, param } = matchRoute(pathname);
    let screen: ReactNode;
    if (name === 'notFound') screen = <NotFound />;
    else if (name === 'admin') screen = matchPattern(ADMIN, pathname) ? <Login /> : <AdminShell />;
    else {
      const Screen = publicScreens.get(name)!;
      screen = (
        <RouteParamProvider value={param}>
          <Screen />
        </RouteParamProvider>
      );
    }
    return (
      // A failure belongs to the screen it happened on: going elsewhere starts afresh.
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoader />}>
          {screen}
          <HydrationOver />
        </Suspense>
      </RouteErrorBoundary>
    );
  };
}
