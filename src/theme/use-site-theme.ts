import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { withDefaults } from './design-settings';
import { siteSettingsQuery } from './site-settings-query';
import { applyTheme, designVariables, type ThemeVariables } from './theme-variables';

/**
 * Applies theme variables to the document's root element while the caller is mounted (or
 * until they change); null applies nothing. Inline values that were there before come back.
 */
export function useAppliedTheme(variables: ThemeVariables | null): void {
  // Compared by value: callers build a fresh object every render.
  const serialised = variables ? JSON.stringify(variables) : null;
  useEffect(() => {
    if (serialised === null) return;
    return applyTheme(document.documentElement, JSON.parse(serialised) as ThemeVariables);
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
