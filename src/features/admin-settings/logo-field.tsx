import { ImageIcon, ImageUp, X } from 'lucide-react';
import { Button } from '@/ui/button';
import { useImageFilePicker } from '@/ui/image-file-picker';

interface LogoFieldProps {
  /** What to show: the chosen local file, or the saved logo's URL. */
  previewUrl: string | undefined;
  onChoose: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** The logo's preview with Upload and Remove; the file picker takes images only. */
export function LogoField({ previewUrl, onChoose, onRemove, disabled }: LogoFieldProps) {
  const { open, picker } = useImageFilePicker('Choose logo file', onChoose);
  return (
    <div className="flex items-center gap-4">
      <div
        className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted/60"
        data-testid="logo-preview"
      >
        {previewUrl ? (
          <img src={previewUrl} alt="Logo preview" className="size-full object-contain p-1.5" />
        ) : (
          <ImageIcon
            className="size-7 text-muted-foreground"
            strokeWidth={1.25}
            aria-label="No logo yet"
          />
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} onClick={open}>
            <ImageUp aria-hidden /> {previewUrl ? 'Change Logo' : 'Upload Logo'}
          </Button>
          {previewUrl && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={onRemove}>
              <X aria-hidden /> Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          JPEG, PNG, WebP, GIF or AVIF. Shown in the site header.
        </p>
      </div>
      {picker}
    </div>
  );
}
