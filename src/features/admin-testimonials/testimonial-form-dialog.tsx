import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { TestimonialRow } from '@/lib/backend/database.types';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { ListFormDialog } from '@/ui/list-editor/list-form-dialog';
import { useDialogForm } from '@/ui/use-dialog-form';
import { useChosenImage } from '@/offline/outbox/use-chosen-image';
import { PhotoField } from './photo-field';
import {
  MAX_QUOTE,
  testimonialFormValues,
  testimonialSchema,
  toTestimonialFields,
  type TestimonialFields,
  type TestimonialFormValues,
} from './testimonial-form';

const TESTIMONIAL_PHOTO = {
  objectName: (extension: string) => `testimonial-${crypto.randomUUID()}.${extension}`,
  toasts: { success: 'Photo uploaded', failure: 'Failed to upload photo' },
};

interface TestimonialFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The testimonial being edited; none to add one. */
  testimonial?: TestimonialRow;
  /** `waitFor`: the photo upload the save must wait for, if one was chosen here. */
  onSubmit: (fields: TestimonialFields, waitFor: string[]) => Promise<boolean>;
}

/** Add or edit a testimonial: the client's name and words are required, the photo is optional. */
export function TestimonialFormDialog({
  open,
  onOpenChange,
  testimonial,
  onSubmit,
}: TestimonialFormDialogProps) {
  const form = useDialogForm<TestimonialFormValues, TestimonialRow>({
    open,
    row: testimonial,
    values: testimonialFormValues,
    resolver: zodResolver(testimonialSchema),
  });
  const { errors } = form.formState;
  const editing = testimonial !== undefined;
  const photo = useChosenImage(TESTIMONIAL_PHOTO, (url) =>
    form.setValue('photoUrl', url ?? '', { shouldDirty: true }),
  );
  const photoUrl = useWatch({ control: form.control, name: 'photoUrl' });
  const previewUrl = photo.previewOf(photoUrl);
  const { forget } = photo;

  useEffect(() => {
    if (open) forget(); // a photo chosen before is not this opening's
  }, [open, forget]);

  return (
    <ListFormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      editing={editing}
      noun="Testimonial"
      description={{
        add: 'Kind words from a client, shown on the home page.',
        edit: 'Change what this client said, or who said it.',
      }}
      activeHint="Hidden testimonials stay here but are not shown on the home page."
      onSave={(values) => onSubmit(toTestimonialFields(values), photo.waitFor(values.photoUrl))}
    >
      <FormField label="Client name" error={errors.clientName?.message}>
        <Input placeholder="e.g. Emma & James" autoFocus {...form.register('clientName')} />
      </FormField>
      <FormField
        label="Quote"
        error={errors.quote?.message}
        hint={`Their words, up to ${MAX_QUOTE} characters.`}
      >
        <Textarea
          rows={5}
          placeholder="e.g. She made us feel so at ease…"
          {...form.register('quote')}
        />
      </FormField>
      <PhotoField
        previewUrl={previewUrl}
        onChoose={(file) => void photo.choose(file, form.getValues('photoUrl'))}
        onRemove={() => {
          photo.forget();
          form.setValue('photoUrl', '', { shouldDirty: true });
        }}
      />
    </ListFormDialog>
  );
}
