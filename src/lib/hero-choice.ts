/**
 * Which image the home page's hero shows: the site setting hero_background_image when it is
 * one the page can show, else the hero section's own image_url. One rule for the page
 * (src/features/home/home-view.ts) and the card the static host's edge function writes
 * (src/lib/page-cards-from-rows.ts), so a leaf: Deno runs it as it is.
 */
export function chooseHero<T>(
  setting: string | null | undefined,
  section: string | null | undefined,
  shown: (stored: string | null | undefined) => T | null | undefined,
): { from: 'setting' | 'section'; image: T } | null {
  const fromSetting = shown(setting);
  if (fromSetting) return { from: 'setting', image: fromSetting };
  const fromSection = shown(section);
  return fromSection ? { from: 'section', image: fromSection } : null;
}
