import type { QueryClient } from '@tanstack/react-query';
import type { SiteSettings } from '@/lib/backend/site-settings';
import { siteKeys } from '@/theme/site-settings-query';

/**
 * Site Design's preview (src/features/admin-design/site-preview-frame.tsx) shows the real home
 * page in a frame, opened at `/?design-preview`. That page takes the settings being edited from
 * the admin page that framed it, in place of the saved ones: only from its parent, only from this
 * origin, only the site-settings keys as strings. Nothing is stored; the page renders them the
 * way it renders saved settings (the same checks of colours, fonts and image addresses).
 */
export const DESIGN_PREVIEW_PARAM = 'design-preview';

export type DesignPreviewMessage =
  { type: 'design-preview:ready' } | { type: 'design-preview:settings'; settings: SiteSettings };

/** Whether this page is Site Design's preview frame. */
export const isDesignPreview = () =>
  window.parent !== window && new URLSearchParams(window.location.search).has(DESIGN_PREVIEW_PARAM);

const MAX_VALUE_LENGTH = 2000;

/** The posted settings, if they are a flat object of known-shaped values; anything else is ignored. */
function settingsOf(data: unknown): SiteSettings | null {
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { type?: unknown }).type !== 'design-preview:settings'
  )
    return null;
  const settings = (data as { settings?: unknown }).settings;
  if (typeof settings !== 'object' || settings === null) return null;
  const entries = Object.entries(settings).filter(
    ([key, value]) =>
      /^[a-z_]{1,60}$/.test(key) &&
      (value === null || (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH)),
  );
  return Object.fromEntries(entries);
}

/** In the preview frame: shows the admin's unsaved settings instead of the saved ones. */
export function receiveDesignPreview(queryClient: QueryClient): void {
  // The saved settings must not come back over the previewed ones (a refetch on focus, say).
  queryClient.setQueryDefaults(siteKeys.settings(), {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== window.location.origin) return;
    const settings = settingsOf(event.data);
    if (!settings) return;
    void queryClient
      .cancelQueries({ queryKey: siteKeys.settings() })
      .then(() => queryClient.setQueryData(siteKeys.settings(), settings));
  });
  window.parent.postMessage(
    { type: 'design-preview:ready' } satisfies DesignPreviewMessage,
    window.location.origin,
  );
}
