import { ArrowLeft, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation/navigation';
import { useOnline } from '../use-online';
import { SiteBrand } from './site-brand';
import type { SiteProfile } from './use-site-profile';

interface PublicPageFrameProps {
  profile: SiteProfile;
  subtitle?: string | null;
  back: { to: string; label: string };
  /** Full-width, between the header and the page's content (a client gallery's cover). */
  hero?: ReactNode;
  children: ReactNode;
}

/** The frame of a gallery page: the site's brand and a way back on top, a quiet footer below. */
export function PublicPageFrame({ profile, subtitle, back, hero, children }: PublicPageFrameProps) {
  const online = useOnline();
  return (
    <div
      className="flex min-h-dvh flex-col font-body text-foreground"
      style={{ background: 'var(--site-background)' }}
    >
      <header className="sticky top-0 z-20 border-b border-border/60 bg-background">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-3 px-4 sm:h-20 sm:px-6">
          <Link
            to="/"
            className="min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <SiteBrand profile={profile} subtitle={subtitle} />
          </Link>
          {/* 44 px high, a round button on phones: a finger's target, like the home page's Menu button. */}
          <Link
            to={back.to}
            className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-full border border-border bg-card/80 text-sm font-medium transition-colors hover:bg-secondary sm:px-4"
          >
            <ArrowLeft className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{back.label}</span>
          </Link>
        </div>
        {!online && (
          <p
            role="status"
            className="flex items-center justify-center gap-2 bg-foreground/85 px-4 py-1.5 text-center text-xs text-background"
          >
            <WifiOff className="size-3.5 shrink-0" aria-hidden />
            You are offline. Showing what this device has saved.
          </p>
        )}
      </header>
      {hero}
      <main className="mx-auto w-full max-w-7xl flex-1 px-3 pt-8 pb-16 sm:px-6 sm:pt-12">
        {children}
      </main>
      <footer className="border-t border-border/60 px-6 py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {profile.siteName}
      </footer>
    </div>
  );
}

/** Title, description and facts (count, date) above a gallery's photos. */
export function GalleryHeading({
  title,
  description,
  facts,
  actions,
}: {
  title: string;
  description?: string | null;
  facts: string[];
  actions?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-5 sm:mb-10 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 max-w-3xl">
        <h1 className="text-3xl leading-tight break-words sm:text-5xl">{title}</h1>
        {description && (
          <p className="mt-3 text-base whitespace-pre-line text-muted-foreground sm:text-lg">
            {description}
          </p>
        )}
        {facts.length > 0 && (
          <p className="mt-3 text-sm tracking-wide text-muted-foreground">{facts.join(' · ')}</p>
        )}
      </div>
      {actions && <div className="shrink-0">{actions}</div>}
    </div>
  );
}
