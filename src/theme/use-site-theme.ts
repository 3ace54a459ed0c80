import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { withDefaults } from './design-settings';
import { siteSettingsQuery } from './site-settings-query';
import {
  applyTheme,
  designVariables,
  SERVER_THEME_ID,
  type ThemeVariables,
} from './theme-variables';

/**
 * Applies theme variables to the document's root element while the caller is mounted (or
 * until they change); null applies nothing. Inline values that were there before come back.
 */
export function useAppliedTheme(variables: ThemeVariables | null): void {
  // Compared by value: callers build a fresh object every render.
  const serialised = variables ? JSON.stringify(variables) : null;
  useEffect(() => {
    if (serialised === null) return;
    const restore = applyTheme(document.documentElement, JSON.parse(serialised) as ThemeVariables);
    // The theme the server wrote into a page it drew (src/app/server/render-page.tsx) has done
    // its part once the same values are applied here; without it, leaving for the admin area
    // takes the site's theme away as before.
    document.getElementById(SERVER_THEME_ID)?.remove();
    return restore;
  }, [serialised]);
}

/** The saved site settings, read as a visitor (public client). */
export function useSiteSettings() {
  const backend = usePublicBackend();
  return useQuery(siteSettingsQuery(backend));
}

/**
 * For public pages: reads the saved design and applies it to the whole page (colours as HSL
 * variables, fonts, background style). Returns the design with defaults for anything missing.
 */
export function useSiteTheme() {
  const query = useSiteSettings();
  const design = useMemo(() => withDefaults(query.data), [query.data]);
  useAppliedTheme(query.data ? designVariables(design) : null);
  return { design, query };
}
