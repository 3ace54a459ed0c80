import { Type } from 'lucide-react';
import {
  BODY_FONTS,
  HEADING_FONTS,
  type BodyFont,
  type HeadingFont,
} from '@/theme/design-settings';
import { fontStack } from '@/theme/fonts';
import { DesignSection, type DesignSectionProps } from './design-section';
import { OptionCard } from './option-card';

const FONT_NOTES: Record<HeadingFont | BodyFont, string> = {
  'Playfair Display': 'Classic, high-contrast serif',
  Cormorant: 'Light, graceful display serif',
  Lato: 'Warm and friendly',
  'Open Sans': 'Open and neutral',
  'Source Sans Pro': 'Crisp and clear',
  Nunito: 'Soft and rounded',
};

function FontChoices<Font extends HeadingFont | BodyFont>({
  legend,
  name,
  fonts,
  value,
  kind,
  onSelect,
  sample,
}: {
  legend: string;
  name: string;
  fonts: readonly Font[];
  value: Font;
  kind: 'heading' | 'body';
  onSelect: (font: Font) => void;
  sample: string;
}) {
  return (
    <div>
      <p id={`${name}-legend`} className="mb-2 text-sm font-medium">
        {legend}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-legend`}
        className="grid grid-cols-2 gap-3 @2xl:grid-cols-4"
      >
        {fonts.map((font) => (
          // Each choice is drawn in its own font.
          <OptionCard
            key={font}
            name={name}
            value={font}
            label={font}
            checked={value === font}
            onSelect={() => onSelect(font)}
            className="gap-0.5 px-3 py-2.5"
            style={{ fontFamily: fontStack(font, kind) }}
          >
            <span
              aria-hidden
              className={kind === 'heading' ? 'text-3xl leading-tight' : 'text-2xl leading-tight'}
            >
              {sample}
            </span>
            <span className="truncate text-sm font-semibold">{font}</span>
            <span className="text-xs leading-snug text-muted-foreground">{FONT_NOTES[font]}</span>
          </OptionCard>
        ))}
      </div>
    </div>
  );
}

/** Typography: a serif for headings and a sans-serif for text (SPEC §9), each option shown in its own font. */
export function TypographySection({ design, onChange }: DesignSectionProps) {
  return (
    <DesignSection
      icon={Type}
      title="Typography"
      description="One font for headings, one for everything else."
    >
      <div className="grid gap-5">
        <FontChoices
          legend="Heading Font"
          name="heading-font"
          fonts={HEADING_FONTS}
          value={design.heading_font}
          kind="heading"
          sample="Aa"
          onSelect={(font) => onChange({ heading_font: font })}
        />
        <FontChoices
          legend="Body Font"
          name="body-font"
          fonts={BODY_FONTS}
          value={design.body_font}
          kind="body"
          sample="Aa"
          onSelect={(font) => onChange({ body_font: font })}
        />
      </div>
    </DesignSection>
  );
}
