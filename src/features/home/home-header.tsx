import { SiteBrand } from '@/ui/site/site-brand';
import { SocialLinks } from '@/ui/site/social-links';
import type { SiteProfile } from '@/ui/site/use-site-profile';
import { SectionLink } from './scroll-to-section';
import { CONTAINER } from './section-heading';

const NAV = [
  { target: 'portrait-sessions', label: 'Sessions' },
  { target: 'about-story', label: 'About' },
  { target: 'galleries', label: 'Galleries' },
] as const;

/** Logo, site name and subtitle; the page's sections (wide screens); social links when set. */
export function HomeHeader({ profile }: { profile: SiteProfile }) {
  return (
    <header className={`${CONTAINER} flex min-h-20 flex-wrap items-center justify-between gap-x-6 gap-y-1 py-4`}>
      <SiteBrand profile={profile} subtitle={profile.subtitle} />
      <div className="flex items-center gap-6">
        <nav aria-label="Sections" className="hidden lg:block">
          <ul className="flex items-center gap-7 text-sm tracking-wide text-muted-foreground">
            {NAV.map(({ target, label }) => (
              <li key={target}>
                <SectionLink target={target} className="transition-colors hover:text-foreground">
                  {label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <SocialLinks links={profile.socialLinks} className="-mr-2" />
      </div>
    </header>
  );
}
