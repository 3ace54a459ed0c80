import { Menu as MenuIcon, X } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
} from 'react';
import { INLINE_NAV_QUERY, type HomeNavLink } from './home-nav';
import { opensElsewhere, scrollToSection } from './scroll-to-section';
import { CONTAINER } from './section-heading';

/**
 * The header's links on narrow screens: a sheet over the top of the page, in the site's colours,
 * opened and closed by the Menu button, which turns into its close button.
 *
 * A `<details>` element, so the drawn page's menu works before the app has started, and with
 * scripts blocked: the browser opens it and its links are links (issue 34). The app only adds
 * what a sheet needs: Escape, a tap beside it or a choice closes it (a choice then scrolls
 * smoothly to its section), and Tab stays inside while it is open. It never opens the menu:
 * only the browser does, on the tap itself, so no tap can take effect late.
 *
 * The sheet is placed on the header (`relative` there) and the brand and the button stay
 * above it (z-51), so nothing moves when it opens.
 */
export function HomeMenu({ links }: { links: readonly HomeNavLink[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);

  const close = useCallback((focusButton: boolean) => {
    if (!details.current?.open) return;
    details.current.open = false;
    if (focusButton) summary.current?.focus();
  }, []);

  // Listening from the start, not from the opening: the browser opens the menu without the app.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.current?.open) return;
      event.preventDefault();
      close(true);
    };
    // The window widened past the menu (a tablet turned): the inline links are back.
    const wide =
      typeof window.matchMedia === 'function' ? window.matchMedia(INLINE_NAV_QUERY) : null;
    const onWide = () => wide?.matches && close(false);
    document.addEventListener('keydown', onKey);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide?.removeEventListener('change', onWide);
    };
  }, [close]);

  // Tab and Shift+Tab go round the button and the links while the sheet covers the page.
  const keepFocusInside = (event: ReactKeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Tab' || !details.current?.open) return;
    const stops = [...details.current.querySelectorAll<HTMLElement>('summary, a[href]')];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const choose = (event: MouseEvent<HTMLAnchorElement>, target: string) => {
    if (opensElsewhere(event)) return;
    event.preventDefault();
    close(false);
    if (!scrollToSection(target)) summary.current?.focus();
  };

  return (
    <details ref={details} onKeyDown={keepFocusInside} className="group shrink-0 lg:hidden">
      <summary
        ref={summary}
        aria-label="Menu"
        className="relative z-51 -mr-2 flex size-11 shrink-0 cursor-pointer list-none items-center justify-center rounded-full border border-border/80 bg-card/70 text-foreground transition-colors group-open:bg-primary/20 hover:bg-primary/20 [&::-webkit-details-marker]:hidden"
      >
        <MenuIcon className="size-5 group-open:hidden" strokeWidth={1.5} aria-hidden />
        <X className="hidden size-5 group-open:block" strokeWidth={1.5} aria-hidden />
      </summary>
      {/* A tap beside the sheet closes it; it scrolls away with the page, so a choice made
          without scripts (a jump to the section) does not leave the page dimmed. */}
      <div
        aria-hidden
        onClick={() => close(true)}
        className="absolute inset-x-0 top-0 z-40 hidden h-[calc(100lvh+5rem)] animate-menu-fade bg-black/40 group-open:block motion-reduce:animate-none"
      />
      <div className="absolute inset-x-0 top-0 z-50 hidden animate-menu-drop rounded-b-[1.75rem] bg-background font-body text-foreground shadow-xl group-open:block motion-reduce:animate-none">
        {/* Below the header's first line (80 px: the brand and the button, 44 px high, in its padding), which stays over the sheet. */}
        <nav aria-label="Sections" className={`${CONTAINER} pt-22 pb-8`}>
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
      </div>
    </details>
  );
}
