import { ChevronRight, ImageIcon, ImageUp, Images, X } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Button } from '@/ui/button';
import { ImageOr } from '@/ui/image-or';
import { useImageFilePicker } from '@/ui/image-file-picker';
import { PhotoChoiceDialog } from './photo-choice-dialog';

interface SectionImageFieldProps {
  /** What to show: the chosen local file, or the saved image's URL. */
  previewUrl: string | undefined;
  /** Whether the section has an image at all (its address may not load, yet it is set). */
  hasImage: boolean;
  onUpload: (file: File) => void;
  onPick: (previewUrl: string) => void;
  onRemove: () => void;
  /** The image's address as text, for an image hosted elsewhere (tucked away under 'Use an image address'). */
  addressField: ReactElement;
  /** The address's validation message. */
  error?: string;
  /** Where the home page shows it, for this section. */
  hint: string;
}

/** The section's optional image: a preview, Upload, Choose from your photos and Remove. */
export function SectionImageField({
  previewUrl,
  hasImage,
  onUpload,
  onPick,
  onRemove,
  addressField,
  error,
  hint,
}: SectionImageFieldProps) {
  const { open, picker } = useImageFilePicker('Choose image file', onUpload);
  const [choosing, setChoosing] = useState(false);
  const placeholder = (
    <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
      <ImageIcon className="size-6" strokeWidth={1.25} aria-hidden />
      {hasImage ? 'Image not available' : 'No image'}
    </span>
  );
  const button = 'h-11 sm:h-10';
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">Image (optional)</legend>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
        <div
          className="aspect-[3/2] w-48 overflow-hidden rounded-lg border bg-muted/60 sm:w-full"
          data-testid="section-image-preview"
        >
          <ImageOr
            src={previewUrl}
            alt="Section image preview"
            className="size-full object-cover"
            fallback={placeholder}
          />
        </div>
        <div className="grid min-w-0 content-start gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className={button} onClick={open}>
              <ImageUp aria-hidden /> Upload Image
            </Button>
            <Button variant="outline" className={button} onClick={() => setChoosing(true)}>
              <Images aria-hidden /> Choose from your photos
            </Button>
            {hasImage && (
              <Button variant="ghost" className={button} onClick={onRemove}>
                <X aria-hidden /> Remove Image
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{hint}</p>
          <details className="group text-sm" open={error ? true : undefined}>
            <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 text-muted-foreground hover:text-foreground sm:min-h-10 [&::-webkit-details-marker]:hidden">
              <ChevronRight
                className="size-4 transition-transform group-open:rotate-90"
                aria-hidden
              />
              Use an image address instead
            </summary>
            <div className="grid gap-1.5 pt-1">
              {addressField}
              {error && (
                <p role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          </details>
        </div>
      </div>
      {picker}
      <PhotoChoiceDialog open={choosing} onOpenChange={setChoosing} onChoose={onPick} />
    </fieldset>
  );
}
