import { cn } from '@/ui/cn';
import { SiteBrand } from '@/ui/site/site-brand';
import { SocialLinks } from '@/ui/site/social-links';
import type { SiteProfile } from '@/ui/site/use-site-profile';
import { HomeMenu } from './home-menu';
import { HOME_NAV } from './home-nav';
import { SectionLink } from './scroll-to-section';
import { CONTAINER } from './section-heading';

/** Logo, site name and subtitle; the page's sections (inline on wide screens, behind Menu below); social links when set. */
export function HomeHeader({ profile }: { profile: SiteProfile }) {
  const hasSocials = profile.socialLinks.length > 0;

  return (
    <header
      className={`${CONTAINER} relative flex min-h-20 flex-wrap items-center justify-between gap-x-6 gap-y-1 py-4`}
    >
      {/* On narrow screens the brand and the Menu button share the first line; the social links wrap below. */}
      <div className="flex min-w-0 items-center justify-between gap-2 max-lg:w-full">
        <SiteBrand profile={profile} subtitle={profile.subtitle} className="relative z-51" />
        <HomeMenu links={HOME_NAV} />
      </div>
      <div className={cn('flex items-center gap-6', !hasSocials && 'max-lg:hidden')}>
        <nav aria-label="Sections" className="hidden lg:block">
          <ul className="flex items-center gap-7 text-sm tracking-wide text-muted-foreground">
            {HOME_NAV.map(({ target, label }) => (
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
