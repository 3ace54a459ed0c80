import { ImageIcon, ImagePlus, LoaderCircle, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { HERO_BLUR, HERO_OPACITY } from '@/theme/design-settings';
import { heroImageStyle } from '@/theme/hero';
import { Button } from '@/ui/button';
import { Slider } from '@/ui/controls';
import { useImageFilePicker } from '@/ui/image-file-picker';
import { DesignSection, type DesignSectionProps } from './design-section';

interface HeroBackgroundSectionProps extends DesignSectionProps {
  /** What to show for the image (a local file while it uploads). */
  imageUrl: string | null;
  uploading: boolean;
  onChoose: (file: File) => void;
}

function RangeField({
  label,
  value,
  unit,
  range,
  onChange,
}: {
  label: string;
  value: number;
  unit: string;
  range: { min: number; max: number; step: number };
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2.5">
      <div className="flex items-baseline justify-between text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <output aria-labelledby={id} className="tabular-nums text-muted-foreground">
          {value}
          {unit}
        </output>
      </div>
      <Slider
        aria-label={`Hero ${label.toLowerCase()}`}
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(next)}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
        <span>
          {range.min}
          {unit}
        </span>
        <span>
          {range.max}
          {unit}
        </span>
      </div>
    </div>
  );
}

/** Hero background: the image (upload or remove), its blur (0–20 px, step 1) and opacity (0–100 %, step 5). */
export function HeroBackgroundSection({
  design,
  imageUrl,
  uploading,
  onChoose,
  onChange,
}: HeroBackgroundSectionProps) {
  const { open, picker } = useImageFilePicker('Choose hero image', onChoose);
  return (
    <DesignSection
      icon={ImageIcon}
      title="Hero Background"
      description="The picture behind the top of your home page."
    >
      <div className="grid gap-5 @md:grid-cols-[minmax(0,17.5rem)_minmax(0,1fr)] @md:items-start">
        <div className="grid gap-3">
          <div className="relative aspect-[16/10] overflow-hidden rounded-lg border bg-muted">
            {imageUrl ? (
              <img
                src={imageUrl}
                alt="Hero background"
                data-testid="hero-image-thumbnail"
                className="absolute inset-0 size-full object-cover"
                style={heroImageStyle(design)}
              />
            ) : (
              <div className="flex size-full flex-col items-center justify-center gap-1 text-muted-foreground">
                <ImageIcon className="size-6" strokeWidth={1.5} aria-hidden />
                <span className="text-xs">No image</span>
              </div>
            )}
          </div>
          {picker}
          <div className="flex flex-wrap items-center gap-1.5">
            <Button variant="outline" size="sm" onClick={open} disabled={uploading}>
              {uploading ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <ImagePlus aria-hidden />
              )}
              {imageUrl ? 'Replace Image' : 'Upload Image'}
            </Button>
            {design.hero_background_image && (
              <Button
                variant="ghost"
                size="sm"
                className="px-2.5"
                onClick={() => onChange({ hero_background_image: null })}
              >
                <Trash2 aria-hidden /> Remove image
              </Button>
            )}
          </div>
        </div>
        <div className="grid gap-6 @md:pt-1">
          <RangeField
            label="Blur"
            unit="px"
            range={HERO_BLUR}
            value={design.hero_background_blur}
            onChange={(blur) => onChange({ hero_background_blur: blur })}
          />
          <RangeField
            label="Opacity"
            unit="%"
            range={HERO_OPACITY}
            value={design.hero_background_opacity}
            onChange={(opacity) => onChange({ hero_background_opacity: opacity })}
          />
          <p className="text-xs text-muted-foreground">
            Blur softens a busy picture; lower opacity lets the background colour show through.
          </p>
        </div>
      </div>
    </DesignSection>
  );
}
