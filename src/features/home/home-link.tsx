import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation/navigation';
import type { LinkTarget } from './home-view';
import { SectionLink } from './scroll-to-section';

/**
 * A checked link (see home-view): an in-page anchor scrolls, a site path navigates in the app,
 * an outside address opens in a new tab without access to this page.
 */
export function HomeLink({
  link,
  className,
  children,
}: {
  link: Pick<LinkTarget, 'href' | 'external'>;
  className?: string;
  children: ReactNode;
}) {
  if (link.href.startsWith('#') && link.href.length > 1) {
    return (
      <SectionLink target={decodeURIComponent(link.href.slice(1))} className={className}>
        {children}
      </SectionLink>
    );
  }
  if (link.href.startsWith('/')) {
    return (
      <Link to={link.href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={link.href}
      className={className}
      {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
