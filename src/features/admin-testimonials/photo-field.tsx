import { ImageUp, UserRound, X } from 'lucide-react';
import { Button } from '@/ui/button';
import { ImageOr } from '@/ui/image-or';
import { useImageFilePicker } from '@/ui/image-file-picker';

interface PhotoFieldProps {
  /** What to show: the chosen local file, or the saved photo's URL. */
  previewUrl: string | undefined;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** The client's optional photo: a small round preview with Upload and Remove; the picker takes images only. */
export function PhotoField({ previewUrl, onChoose, onRemove }: PhotoFieldProps) {
  const { open, picker } = useImageFilePicker('Choose photo file', onChoose);
  const placeholder = (
    <UserRound
      className="size-7 text-muted-foreground"
      strokeWidth={1.25}
      aria-label="No photo"
      role="img"
    />
  );
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Photo (optional)</legend>
      <div className="flex items-center gap-4">
        <div
          className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border bg-muted/60"
          data-testid="testimonial-photo-preview"
        >
          <ImageOr
            src={previewUrl}
            alt="Client photo preview"
            className="size-full object-cover"
            fallback={placeholder}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" className="h-11 sm:h-10" onClick={open}>
              <ImageUp aria-hidden /> {previewUrl ? 'Change Photo' : 'Upload Photo'}
            </Button>
            {previewUrl && (
              <Button variant="ghost" className="h-11 sm:h-10" onClick={onRemove}>
                <X aria-hidden /> Remove Photo
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">
            A portrait of the client, shown small and round beside their words.
          </p>
        </div>
      </div>
      {picker}
    </fieldset>
  );
}
