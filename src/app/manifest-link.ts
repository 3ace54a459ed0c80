import { useEffect } from 'react';
import { usePathname } from '@/lib/navigation/navigation';
import { manifestHref } from '@/lib/routes/route-table';

/**
 * Keeps the page's <link rel="manifest"> on the manifest for who is using it as they move
 * around (src/lib/routes/route-table.ts): installing from the admin area gives the admin's app.
 */
export function ManifestLink(): null {
  const pathname = usePathname();
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = manifestHref(pathname);
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [pathname]);
  return null;
}
