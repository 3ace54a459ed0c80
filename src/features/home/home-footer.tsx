import { SocialLinks } from '@/ui/site/social-links';
import type { SiteProfile } from '@/ui/site/use-site-profile';
import { CONTAINER } from './section-heading';

export const DEFAULT_TAGLINE = 'Capturing life’s beautiful moments, one story at a time.';

/** Site name, tagline (the profile's subtitle, or a default), social links and the copyright with this year. */
export function HomeFooter({
  profile,
  year = new Date().getFullYear(),
}: {
  profile: SiteProfile;
  year?: number;
}) {
  return (
    <footer className="border-t">
      <div className={`${CONTAINER} flex flex-col items-center gap-5 py-14 text-center`}>
        <p className="font-heading text-2xl">{profile.siteName}</p>
        <p className="max-w-md text-sm leading-relaxed text-muted-foreground">
          {profile.subtitle ?? DEFAULT_TAGLINE}
        </p>
        <SocialLinks links={profile.socialLinks} />
        <p className="text-xs tracking-wide text-muted-foreground" data-testid="home-copyright">
          © {year} {profile.siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
