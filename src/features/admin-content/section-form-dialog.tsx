import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useBackend } from '@/lib/backend/backend-context';
import type { PageContentRow, SectionName } from '@/lib/backend/database.types';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { useChosenImage } from '@/offline/outbox/use-chosen-image';
import { SwitchField } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import {
  imageHint,
  sectionFormValues,
  sectionSchema,
  toSectionFields,
  type SectionFields,
  type SectionFormValues,
} from './section-form';
import { SectionLookFields, SectionNameField, SectionTextFields } from './section-form-fields';
import { SectionImageField } from './section-image-field';

const SECTION_IMAGE = {
  objectName: (extension: string) => `content-${crypto.randomUUID()}.${extension}`,
  toasts: { success: 'Image uploaded', failure: 'Failed to upload image' },
};

interface SectionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The section being edited (its name is locked); none to add one. */
  section?: PageContentRow;
  /** `waitFor`: the image upload the save must wait for, if one was chosen here. */
  onSubmit: (
    sectionName: SectionName,
    fields: SectionFields,
    waitFor: string[],
  ) => Promise<boolean>;
}

/** Add or edit a home page section (SPEC §2, §5): every field but the name is optional. */
export function SectionFormDialog({
  open,
  onOpenChange,
  section,
  onSubmit,
}: SectionFormDialogProps) {
  const backend = useBackend();
  const form = useForm<SectionFormValues>({
    resolver: zodResolver(sectionSchema),
    defaultValues: sectionFormValues(),
  });
  const { errors, isSubmitting } = form.formState;
  const editing = section !== undefined;
  const setImage = (url: string) =>
    form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
  const image = useChosenImage(SECTION_IMAGE, (url) => setImage(url ?? ''));
  const [imageUrl, sectionName] = useWatch({
    control: form.control,
    name: ['imageUrl', 'sectionName'],
  });
  const previewUrl =
    image.local?.url === imageUrl
      ? image.local.previewUrl
      : resolveStorageUrl(backend, imageUrl.trim());
  const { forget } = image;

  useEffect(() => {
    if (!open) return;
    form.reset(sectionFormValues(section));
    forget();
  }, [open, section, form, forget]);

  const submit = form.handleSubmit(async (values) => {
    const done = await onSubmit(
      values.sectionName as SectionName,
      toSectionFields(values),
      image.waitFor(values.imageUrl.trim()),
    );
    if (done) onOpenChange(false);
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title={editing ? 'Edit Section' : 'Add Section'}
      description={
        editing
          ? 'Change what this section of the home page says.'
          : 'A block of text, with an optional button and image, on the home page.'
      }
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <SectionNameField form={form} editing={editing} />
        <SectionTextFields form={form} editing={editing} />
        <SectionImageField
          previewUrl={previewUrl}
          hasImage={imageUrl.trim() !== ''}
          hint={imageHint(sectionName)}
          onUpload={(file) => void image.choose(file, form.getValues('imageUrl'))}
          onPick={(url) => {
            image.forget();
            setImage(url);
          }}
          onRemove={() => {
            image.forget();
            setImage('');
          }}
          error={errors.imageUrl?.message}
          addressField={
            <Input
              aria-label="Image address"
              type="url"
              placeholder="https://…"
              autoCapitalize="off"
              spellCheck={false}
              {...form.register('imageUrl')}
            />
          }
        />
        <SectionLookFields form={form} />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <SwitchField
              label="Active"
              hint="Hidden sections stay here but are not shown on the home page."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Add Section'}
          submitting={isSubmitting}
        />
      </form>
    </Dialog>
  );
}
