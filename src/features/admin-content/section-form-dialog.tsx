import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { PageContentRow, SectionName } from '@/lib/backend/database.types';
import { NativeSelect, SwitchField } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input, Textarea } from '@/ui/input';
import {
  SECTION_NAMES,
  sectionFormValues,
  sectionSchema,
  toSectionFields,
  type SectionFields,
  type SectionFormValues,
} from './section-form';
import { UnitInput } from './unit-input';

interface SectionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The section being edited (its name is locked); none to add one. */
  section?: PageContentRow;
  onSubmit: (sectionName: SectionName, fields: SectionFields) => Promise<boolean>;
}

/** Add or edit a home page section (SPEC §2, §5): every field but the name is optional. */
export function SectionFormDialog({ open, onOpenChange, section, onSubmit }: SectionFormDialogProps) {
  const form = useForm<SectionFormValues>({ resolver: zodResolver(sectionSchema), defaultValues: sectionFormValues() });
  const { errors, isSubmitting } = form.formState;
  const editing = section !== undefined;

  useEffect(() => {
    if (open) form.reset(sectionFormValues(section));
  }, [open, section, form]);

  const submit = form.handleSubmit(async (values) => {
    const done = await onSubmit(values.sectionName as SectionName, toSectionFields(values));
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
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <Controller
            control={form.control}
            name="sectionName"
            render={({ field }) => (
              <FormField
                className="content-start"
                label="Section Name"
                error={errors.sectionName?.message}
                hint={editing ? 'The name of a section cannot be changed.' : 'Each name can be used once on a page.'}
              >
                <NativeSelect {...field} disabled={editing} autoFocus={!editing}>
                  <option value="" disabled>
                    Choose a section
                  </option>
                  {SECTION_NAMES.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
          />
          <FormField className="content-start" label="Sort Order" error={errors.sortOrder?.message}>
            <Input type="number" inputMode="numeric" step={1} className="tabular-nums" {...form.register('sortOrder')} />
          </FormField>
        </div>
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
          <FormField className="content-start" label="Button Text" error={errors.buttonText?.message}>
            <Input placeholder="e.g. Get in touch" {...form.register('buttonText')} />
          </FormField>
          <FormField className="content-start" label="Button Link" error={errors.buttonLink?.message}>
            <Input
              placeholder="#about-story, #galleries or https://…"
              autoCapitalize="off"
              spellCheck={false}
              {...form.register('buttonLink')}
            />
          </FormField>
        </div>
        <FormField label="Image URL" error={errors.imageUrl?.message}>
          <Input type="url" placeholder="https://…" autoCapitalize="off" spellCheck={false} {...form.register('imageUrl')} />
        </FormField>
        <div className="grid grid-cols-2 gap-4">
          <FormField className="content-start" label="Blur" error={errors.blur?.message} hint="0 to 20 px">
            <UnitInput unit="px" min={0} max={20} step={1} placeholder="0" {...form.register('blur')} />
          </FormField>
          <FormField className="content-start" label="Opacity" error={errors.opacity?.message} hint="0 to 100 %">
            <UnitInput unit="%" min={0} max={100} step={5} placeholder="100" {...form.register('opacity')} />
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
        <FormActions submitLabel={editing ? 'Save Changes' : 'Add Section'} submitting={isSubmitting} />
      </form>
    </Dialog>
  );
}
