import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '@/ui/use-media-query';

/** SPEC §9: the sidebar state cookie lives 7 days; the shortcut is Ctrl/Cmd+B; drawer under 768px. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = '(max-width: 767px)';

function readCookie(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);

export interface SidebarState {
  isMobile: boolean;
  /** Desktop: expanded (true) or collapsed to icons. */
  expanded: boolean;
  /** Mobile: whether the drawer is open. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  toggle: () => void;
}

export function useSidebarState(): SidebarState {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(readCookie);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setExpanded((current) => {
      const next = !current;
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
      return next;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { isMobile, expanded, drawerOpen, setDrawerOpen, toggle };
}
