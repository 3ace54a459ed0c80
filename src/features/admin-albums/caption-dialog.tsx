import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from '@/lib/schema';
import { useBackend } from '@/lib/backend/backend-context';
import { photoDisplayUrl } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { ImageOr } from '@/ui/image-or';
import { Textarea } from '@/ui/input';
import type { ShownPhoto } from './albums-overlay';

/** As the server keeps it (private.clean_caption): one line, at most 300 characters. */
export const CAPTION_MAX = 300;
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

const captionSchema = z.object({
  caption: z
    .string()
    .refine((text) => oneLine(text).length <= CAPTION_MAX, `At most ${CAPTION_MAX} characters`),
});
type CaptionValues = z.infer<typeof captionSchema>;

interface CaptionDialogProps {
  /** The photo whose caption is edited; null when closed. */
  photo: ShownPhoto | null;
  onClose: () => void;
  /** The cleaned caption, null to remove it; true when it is saved or queued. */
  onSubmit: (photo: ShownPhoto, caption: string | null) => Promise<boolean>;
}

/**
 * 'Edit caption': the photo's alt text, what visitors and clients who cannot see it hear in
 * the grid and the viewer (the filename when empty). The photo is shown to describe it.
 */
export function CaptionDialog({ photo, onClose, onSubmit }: CaptionDialogProps) {
  const backend = useBackend();
  const form = useForm<CaptionValues>({
    resolver: zodResolver(captionSchema),
    defaultValues: { caption: '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const typed = useWatch({ control: form.control, name: 'caption' });

  useEffect(() => {
    if (photo) form.reset({ caption: photo.caption ?? '' });
  }, [photo, form]);

  const submit = form.handleSubmit(async (values) => {
    if (!photo) return;
    const caption = oneLine(values.caption);
    if (await onSubmit(photo, caption === '' ? null : caption)) onClose();
  });

  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(open) => !open && onClose()}
      unsaved={isDirty}
      title="Edit Caption"
      description="Describe the photo for people who cannot see it: it is the photo's alt text in your galleries. Empty uses the filename."
    >
      {photo && (
        <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
          <div className="flex items-center gap-3">
            <ImageOr
              src={resolveStorageUrl(backend, photoDisplayUrl(photo))}
              alt=""
              className="size-20 shrink-0 rounded-md bg-muted object-cover"
              fallback={<div className="size-20 shrink-0 rounded-md bg-muted" />}
            />
            <p
              className="min-w-0 truncate text-sm text-muted-foreground"
              title={photo.original_filename}
            >
              {photo.original_filename}
            </p>
          </div>
          <FormField
            label="Caption"
            error={errors.caption?.message}
            hint={`${oneLine(typed).length} of ${CAPTION_MAX} characters`}
          >
            <Textarea
              rows={3}
              autoFocus
              placeholder="e.g. The first dance under the oak trees"
              {...form.register('caption')}
            />
          </FormField>
          <FormActions submitLabel="Save Caption" submitting={isSubmitting} />
        </form>
      )}
    </Dialog>
  );
}
