import { Palette } from 'lucide-react';
import { useId, useState } from 'react';
import { isHexColor } from '@/theme/color';
import { Input } from '@/ui/input';
import { DesignSection, type DesignSectionProps } from './design-section';

type ColourKey = 'primary_color' | 'secondary_color' | 'accent_color' | 'background_color';

const COLOURS: Array<{ key: ColourKey; label: string; hint: string }> = [
  { key: 'primary_color', label: 'Primary Colour', hint: 'Buttons and highlights' },
  { key: 'secondary_color', label: 'Secondary Colour', hint: 'Soft panels and blends' },
  { key: 'accent_color', label: 'Accent Colour', hint: 'Details and tints' },
  { key: 'background_color', label: 'Background Colour', hint: 'The page itself' },
];

/** '336699' or '#336699' → '#336699'; anything else → null. */
function parseHex(text: string): string | null {
  const candidate = text.trim().startsWith('#') ? text.trim() : `#${text.trim()}`;
  return isHexColor(candidate) ? candidate.toUpperCase() : null;
}

/** A colour as a native picker plus its hex text; the text may be typed, and only a full #RRGGBB is taken. */
function ColourField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (hex: string) => void;
}) {
  const id = useId();
  // What the person is typing, while it is not yet (or not) a colour; otherwise the value shows.
  const [typing, setTyping] = useState<string | null>(null);
  const invalid = typing !== null && parseHex(typing) === null;
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-card p-2.5">
      <input
        type="color"
        value={value.toLowerCase()}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        aria-label={`${label} picker`}
        className="h-10 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5 [&::-webkit-color-swatch]:rounded-[5px] [&::-webkit-color-swatch]:border-none [&::-webkit-color-swatch-wrapper]:p-0"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block truncate text-sm font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="block truncate text-xs text-muted-foreground">
          {hint}
        </span>
      </div>
      <Input
        id={id}
        value={typing ?? value}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        title="A hex colour like #E8C4C4"
        className="h-9 w-[6.5rem] shrink-0 px-2.5 font-mono text-xs uppercase"
        onChange={(event) => {
          setTyping(event.target.value);
          const hex = parseHex(event.target.value);
          if (hex) onChange(hex);
        }}
        onBlur={() => setTyping(null)}
      />
    </div>
  );
}

/** Colour palette: primary, secondary, accent and background colour (SPEC §2, applied as HSL, §4). */
export function ColourPaletteSection({ design, onChange }: DesignSectionProps) {
  return (
    <DesignSection
      icon={Palette}
      title="Colour Palette"
      description="Pick with the swatch or type a hex value like #E8C4C4."
    >
      <div className="grid gap-3 @xl:grid-cols-2">
        {COLOURS.map(({ key, label, hint }) => (
          <ColourField
            key={key}
            label={label}
            hint={hint}
            value={design[key]}
            onChange={(hex) => onChange({ [key]: hex })}
          />
        ))}
      </div>
    </DesignSection>
  );
}
