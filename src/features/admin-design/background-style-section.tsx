import { Layers } from 'lucide-react';
import { BACKGROUND_STYLE_LABELS, backgroundCss } from '@/theme/background-styles';
import { BACKGROUND_STYLES } from '@/theme/design-settings';
import { DesignSection, type DesignSectionProps } from './design-section';
import { OptionCard } from './option-card';

/** Background style (clean, subtle, gradient, dreamy) as swatches drawn in the current palette. */
export function BackgroundStyleSection({ design, onChange }: DesignSectionProps) {
  return (
    <DesignSection
      icon={Layers}
      title="Background Style"
      description="How the page behind your photos and words feels."
    >
      <div
        role="radiogroup"
        aria-label="Background style"
        className="grid grid-cols-2 gap-3 @lg:grid-cols-4"
      >
        {BACKGROUND_STYLES.map((style) => {
          const { label, description } = BACKGROUND_STYLE_LABELS[style];
          return (
            <OptionCard
              key={style}
              name="background-style"
              value={style}
              label={label}
              checked={design.background_style === style}
              onSelect={() => onChange({ background_style: style })}
            >
              <span
                aria-hidden
                className="block h-16 rounded-md border"
                style={{ background: backgroundCss(style, design) }}
                data-testid={`background-swatch-${style}`}
              />
              <span className="mt-2 px-0.5 text-sm font-medium">{label}</span>
              <span className="px-0.5 pb-0.5 text-xs leading-snug text-muted-foreground">
                {description}
              </span>
            </OptionCard>
          );
        })}
      </div>
    </DesignSection>
  );
}
