import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useBackend } from '@/lib/backend/backend-context';
import type { PageContentRow, SectionName } from '@/lib/backend/database.types';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { useChosenImage } from '@/offline/outbox/use-chosen-image';
import { NativeSelect, SwitchField } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input, Textarea } from '@/ui/input';
import {
  imageHint,
  SECTION_LABELS,
  SECTION_NAMES,
  sectionFormValues,
  sectionSchema,
  toSectionFields,
  type SectionFields,
  type SectionFormValues,
} from './section-form';
import { SectionImageField } from './section-image-field';
import { UnitInput } from './unit-input';

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
        <Controller
          control={form.control}
          name="sectionName"
          render={({ field }) => (
            <FormField
              label="Section"
              error={errors.sectionName?.message}
              hint={
                editing
                  ? 'A section cannot become another one; add a new section instead.'
                  : 'Each section can be used once on a page.'
              }
            >
              <NativeSelect {...field} disabled={editing} autoFocus={!editing}>
                <option value="" disabled>
                  Choose a section
                </option>
                {SECTION_NAMES.map((name) => (
                  <option key={name} value={name}>
                    {SECTION_LABELS[name]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
        />
        <FormField label="Title" error={errors.title?.message}>
          <Input autoFocus={editing} {...form.register('title')} />
        </FormField>
        <FormField label="Subtitle" error={errors.subtitle?.message}>
          <Input {...form.register('subtitle')} />
        </FormField>
        <FormField label="Content" error={errors.content?.message}>
          <Textarea rows={4} {...form.register('content')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            className="content-start"
            label="Button Text"
            error={errors.buttonText?.message}
          >
            <Input placeholder="e.g. Get in touch" {...form.register('buttonText')} />
          </FormField>
          <FormField
            className="content-start"
            label="Button Link"
            error={errors.buttonLink?.message}
          >
            <Input
              placeholder="#about-story, #galleries or https://…"
              autoCapitalize="off"
              spellCheck={false}
              {...form.register('buttonLink')}
            />
          </FormField>
        </div>
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
        <div className="grid grid-cols-2 gap-4">
          <FormField
            className="content-start"
            label="Blur"
            error={errors.blur?.message}
            hint="0 to 20 px"
          >
            <UnitInput
              unit="px"
              min={0}
              max={20}
              step={1}
              placeholder="0"
              {...form.register('blur')}
            />
          </FormField>
          <FormField
            className="content-start"
            label="Opacity"
            error={errors.opacity?.message}
            hint="0 to 100 %"
          >
            <UnitInput
              unit="%"
              min={0}
              max={100}
              step={5}
              placeholder="100"
              {...form.register('opacity')}
            />
          </FormField>
        </div>
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
