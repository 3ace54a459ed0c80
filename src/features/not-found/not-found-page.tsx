import { useEffect } from 'react';
import { Link, usePathname } from '@/lib/navigation/navigation';
import { usePageTitle } from '@/ui/site/use-page-title';
import { useSiteProfile } from '@/ui/site/use-site-profile';

/** Any unknown path (SPEC §2): '404', 'Oops! Page not found', 'Return to Home'; the miss is logged. */
export function NotFoundPage() {
  const pathname = usePathname();
  usePageTitle('Page Not Found', useSiteProfile().profile.siteName);
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <h1 className="text-7xl text-foreground/80">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link
        to="/"
        className="mt-2 text-sm font-medium underline underline-offset-4 hover:text-foreground/70"
      >
        Return to Home
      </Link>
    </main>
  );
}
