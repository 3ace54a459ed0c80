import { Menu as MenuIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { cn } from '@/ui/cn';
import { SiteBrand } from '@/ui/site/site-brand';
import { SocialLinks } from '@/ui/site/social-links';
import type { SiteProfile } from '@/ui/site/use-site-profile';
import type { HomeMenu } from './home-menu';
import { HOME_NAV } from './home-nav';
import { SectionLink } from './scroll-to-section';
import { CONTAINER } from './section-heading';

// The menu's sheet (Radix Dialog: focus trap, Escape, scroll lock; about 16 KB gzipped) is not
// needed to draw the page, and not loaded ahead either (bench: public_js_kb counts what a phone
// loads while idle): it comes when a finger touches the button or the keyboard reaches it, and
// the button shows itself pressed meanwhile. Not through React.lazy: a failed load would reach
// the route's error screen and be remembered; here it leaves the menu closed, and the next press
// tries again.
const loadMenu = () => import('./home-menu');
const preloadMenu = () => void loadMenu().catch(() => undefined);

/** Logo, site name and subtitle; the page's sections (inline on wide screens, behind Menu below); social links when set. */
export function HomeHeader({ profile }: { profile: SiteProfile }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so opening again is instant.
  const [Menu, setMenu] = useState<typeof HomeMenu | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hasSocials = profile.socialLinks.length > 0;

  const openMenu = () => {
    setOpen(true);
    loadMenu().then(
      (module) => setMenu(() => module.HomeMenu),
      (error: unknown) => {
        console.error('The menu could not be loaded:', error);
        setOpen(false);
      },
    );
  };

  return (
    <header
      className={`${CONTAINER} flex min-h-20 flex-wrap items-center justify-between gap-x-6 gap-y-1 py-4`}
    >
      {/* On narrow screens the brand and the Menu button share the first line; the social links wrap below. */}
      <div className="flex min-w-0 items-center justify-between gap-2 max-lg:w-full">
        <SiteBrand profile={profile} subtitle={profile.subtitle} />
        <button
          ref={menuButton}
          type="button"
          aria-label="Menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerDown={preloadMenu}
          onFocus={preloadMenu}
          onClick={openMenu}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-border/80 bg-card/70 text-foreground transition-colors hover:bg-primary/20 aria-expanded:bg-primary/20 lg:hidden"
        >
          <MenuIcon className="size-5" strokeWidth={1.5} aria-hidden />
        </button>
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
      {Menu && (
        <Menu
          profile={profile}
          links={HOME_NAV}
          open={open}
          onOpenChange={setOpen}
          menuButton={menuButton}
        />
      )}
    </header>
  );
}
