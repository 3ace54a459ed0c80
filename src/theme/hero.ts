import type { CSSProperties } from 'react';
import type { SiteDesign } from './design-settings';

/**
 * The style of the hero's background image layer: blur in px and opacity in percent (SPEC
 * §2). A blurred picture is scaled up a little so its soft edges stay outside the frame.
 */
export function heroImageStyle(
  design: Pick<SiteDesign, 'hero_background_blur' | 'hero_background_opacity'>,
): CSSProperties {
  const blur = design.hero_background_blur;
  return {
    opacity: design.hero_background_opacity / 100,
    filter: blur > 0 ? `blur(${blur}px)` : undefined,
    transform: blur > 0 ? `scale(${1 + Math.min(blur, 20) * 0.006 + 0.02})` : undefined,
  };
}
