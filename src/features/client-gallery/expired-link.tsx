import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { PublicPageFrame } from '@/ui/site/public-page-frame';
import type { SiteProfile } from '@/ui/site/use-site-profile';

/**
 * What a client sees on a link whose expiry has passed: that it has, and how to reach the
 * photographer for a new one. Nothing of the album (the server tells only that it expired).
 */
export function ExpiredLink({ profile, contact }: { profile: SiteProfile; contact: ReactNode }) {
  return (
    <PublicPageFrame
      profile={profile}
      subtitle={profile.subtitle}
      back={{ to: '/', label: 'Back to Home' }}
    >
      <section
        className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center py-12 text-center"
        data-testid="link-expired"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-secondary">
          <CalendarX className="size-7 text-muted-foreground" aria-hidden strokeWidth={1.5} />
        </span>
        <h1 className="mt-6 text-3xl leading-tight sm:text-4xl">This gallery link has expired</h1>
        <p className="mt-3 text-base text-muted-foreground sm:text-lg">
          Ask {profile.siteName} for a new link to see your photos.
        </p>
        {contact && <div className="mt-8">{contact}</div>}
      </section>
    </PublicPageFrame>
  );
}
