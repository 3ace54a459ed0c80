import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { ServicePackageRow } from '@/lib/backend/database.types';
import { SwitchField } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input, Textarea } from '@/ui/input';
import { FeatureLinesField } from './feature-lines-field';
import { IconPicker } from './icon-picker';
import {
  serviceFormValues,
  serviceSchema,
  toServiceFields,
  type ServiceFields,
  type ServiceFormValues,
} from './service-form';

interface ServiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The package being edited; none to add one. */
  service?: ServicePackageRow;
  onSubmit: (fields: ServiceFields) => Promise<boolean>;
}

/** Add or edit a service package (SPEC §2, §5): only the name is required. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
  onSubmit,
}: ServiceFormDialogProps) {
  const form = useForm<ServiceFormValues>({
    resolver: zodResolver(serviceSchema),
    defaultValues: serviceFormValues(),
  });
  const { errors, isSubmitting } = form.formState;
  const editing = service !== undefined;

  useEffect(() => {
    if (open) form.reset(serviceFormValues(service));
  }, [open, service, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(toServiceFields(values))) onOpenChange(false);
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title={editing ? 'Edit Service' : 'Add Service'}
      description={
        editing
          ? 'Change how this package is described and priced.'
          : 'A package visitors can book, shown on the home page.'
      }
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField className="content-start" label="Name" error={errors.name?.message}>
            <Input placeholder="e.g. Family Session" autoFocus {...form.register('name')} />
          </FormField>
          <FormField
            className="content-start"
            label="Display name (optional)"
            error={errors.whimsicalName?.message}
            hint="Shown as the heading on your home page, with the name small above it."
          >
            <Input placeholder="e.g. Little Adventures" {...form.register('whimsicalName')} />
          </FormField>
        </div>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <FormField label="Price Range" error={errors.priceRange?.message}>
          <Input placeholder="e.g. $350 – $450" {...form.register('priceRange')} />
        </FormField>
        <FeatureLinesField form={form} />
        <IconPicker field={form.register('iconName')} />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <SwitchField
              label="Active"
              hint="Hidden packages stay here but are not shown on the home page."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Add Service'}
          submitting={isSubmitting}
        />
      </form>
    </Dialog>
  );
}
