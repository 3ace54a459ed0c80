import { useEffect } from 'react';
import { documentTitle } from '@/lib/page-head';

/**
 * The tab's title for a public page: its own title and the site's name, as the server wrote it
 * into the page's <title> (src/lib/page-head.ts); kept as the visitor moves between pages.
 * Undefined while the page does not know it yet (the title stays as it was).
 */
export function usePageTitle(pageTitle: string | null | undefined, siteName: string): void {
  useEffect(() => {
    if (pageTitle !== undefined) document.title = documentTitle(pageTitle, siteName);
  }, [pageTitle, siteName]);
}
