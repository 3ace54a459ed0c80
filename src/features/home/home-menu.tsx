import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { SiteBrand } from '@/ui/site/site-brand';
import type { SiteProfile } from '@/ui/site/use-site-profile';
import { INLINE_NAV_QUERY, type HomeNavLink } from './home-nav';
import { scrollToSection } from './scroll-to-section';
import { CONTAINER } from './section-heading';

interface HomeMenuProps {
  profile: SiteProfile;
  links: readonly HomeNavLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the menu: focus goes back to it when the menu closes without a choice. */
  menuButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The header's links on narrow screens: a sheet from the top of the window, in the site's
 * colours, with the brand and a close button where the header has them. Radix's dialog keeps
 * focus inside while it is open and closes on Escape or a tap outside.
 */
export function HomeMenu({ profile, links, open, onOpenChange, menuButton }: HomeMenuProps) {
  // The section chosen: scrolled to once the menu has closed and the page can scroll again.
  const chosen = useRef<string | null>(null);

  // The window widened past the menu (a tablet turned): the inline links are back.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(INLINE_NAV_QUERY);
    const close = () => wide.matches && onOpenChange(false);
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, onOpenChange]);

  const choose = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    chosen.current = target;
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-menu-fade bg-black/35 backdrop-blur-[2px] motion-reduce:animate-none" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // A chosen section takes focus as it scrolls into view (as the inline links do); otherwise the Menu button has it back.
            event.preventDefault();
            const target = chosen.current;
            chosen.current = null;
            if (target !== null && scrollToSection(target)) return;
            menuButton.current?.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 max-h-dvh animate-menu-drop overflow-y-auto rounded-b-[1.75rem] bg-background font-body text-foreground shadow-xl outline-none motion-reduce:animate-none"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          {/* Laid out as the header's first line, so the brand stays put and the close button sits where Menu was. */}
          <div className={`${CONTAINER} flex min-h-20 items-center justify-between gap-2 py-4`}>
            <SiteBrand profile={profile} subtitle={profile.subtitle} />
            <Dialog.Close
              aria-label="Close menu"
              className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-border/80 bg-card/70 transition-colors hover:bg-primary/20"
            >
              <X className="size-5" strokeWidth={1.5} aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Sections" className={`${CONTAINER} pt-2 pb-8`}>
            <ul className="border-t border-border/70">
              {links.map(({ target, label }) => (
                <li key={target} className="border-b border-border/70">
                  <a
                    href={`#${target}`}
                    onClick={(event) => choose(event, target)}
                    className="flex min-h-14 items-center py-3 font-heading text-2xl transition-colors hover:text-foreground/70"
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
