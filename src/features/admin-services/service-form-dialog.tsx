import { zodResolver } from '@hookform/resolvers/zod';
import type { ServicePackageRow } from '@/lib/backend/database.types';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { ListFormDialog } from '@/ui/list-editor/list-form-dialog';
import { useDialogForm } from '@/ui/use-dialog-form';
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
  const form = useDialogForm<ServiceFormValues, ServicePackageRow>({
    open,
    row: service,
    values: serviceFormValues,
    resolver: zodResolver(serviceSchema),
  });
  const { errors } = form.formState;
  const editing = service !== undefined;

  return (
    <ListFormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      editing={editing}
      noun="Service"
      description={{
        add: 'A package visitors can book, shown on the home page.',
        edit: 'Change how this package is described and priced.',
      }}
      activeHint="Hidden packages stay here but are not shown on the home page."
      size="wide"
      onSave={(values) => onSubmit(toServiceFields(values))}
    >
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
    </ListFormDialog>
  );
}
