import type { CSSProperties } from 'react';
import { DESIGN_DEFAULTS, type SiteDesign } from '@/theme/design-settings';
import { heroImageStyle } from '@/theme/hero';
import { designVariables } from '@/theme/theme-variables';

/**
 * A small mock of the public site drawn with the design being edited: its own theme
 * variables (HSL colours, fonts, background style) set on the panel, so it follows every
 * change live while the admin screen keeps its neutral look.
 */
export function DesignPreview({ design, imageUrl }: { design: SiteDesign; imageUrl: string | null }) {
  const style = { ...designVariables(design), background: 'var(--site-background)' } as CSSProperties;
  const buttonText = design.contact_button_text.trim() || DESIGN_DEFAULTS.contact_button_text;
  const subtitle = design.contact_button_subtitle.trim() || DESIGN_DEFAULTS.contact_button_subtitle;
  return (
    <div data-testid="design-preview" style={style} className="overflow-hidden rounded-xl border font-body text-foreground shadow-sm">
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <span className="truncate font-heading text-base font-medium">Your Studio</span>
        <span className="flex shrink-0 gap-3 text-[11px] text-muted-foreground" aria-hidden>
          <span>Galleries</span>
          <span>Story</span>
          <span>Contact</span>
        </span>
      </div>
      <div className="relative mx-3 overflow-hidden rounded-lg bg-secondary/50">
        {imageUrl && (
          <img
            src={imageUrl}
            alt=""
            data-testid="preview-hero-image"
            className="absolute inset-0 size-full object-cover"
            style={heroImageStyle(design)}
          />
        )}
        <div className="relative flex min-h-44 flex-col items-center justify-center px-4 py-6 text-center">
          <div className={imageUrl ? 'rounded-lg bg-background/75 px-4 py-3 backdrop-blur-sm' : undefined}>
            <p className="font-heading text-2xl leading-tight font-medium" data-testid="preview-heading">
              Stories told in light
            </p>
            <p className="mt-1 text-xs text-muted-foreground">Natural, unposed portraits for families and couples</p>
          </div>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 px-3 pt-3 text-left">
        <div className="rounded-lg bg-secondary p-3 text-secondary-foreground">
          <p className="font-heading text-sm font-medium">Family Sessions</p>
          <p className="mt-0.5 text-[11px] opacity-80">Slow, playful, yours.</p>
        </div>
        <div className="rounded-lg bg-accent p-3 text-accent-foreground">
          <p className="font-heading text-sm font-medium">Little Ones</p>
          <p className="mt-0.5 text-[11px] opacity-80">Newborn to ten.</p>
        </div>
      </div>
      <p className="px-4 pt-4 text-center text-xs leading-relaxed">
        Every session is relaxed and unhurried. I look for the in-between moments you will want to remember.
      </p>
      <div className="flex flex-col items-center gap-1.5 px-4 pt-3 pb-5 text-center">
        <span
          data-testid="preview-contact-button"
          className="inline-flex max-w-full items-center justify-center truncate rounded-full bg-primary px-5 py-2 text-sm font-medium text-primary-foreground shadow-sm"
        >
          {buttonText}
        </span>
        <p className="max-w-xs text-[11px] text-muted-foreground">{subtitle}</p>
      </div>
    </div>
  );
}
