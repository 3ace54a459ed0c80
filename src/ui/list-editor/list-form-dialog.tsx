import type { ReactNode } from 'react';
import type { FieldPathByValue, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormSwitch } from '../form-controls';
import { Dialog, FormActions } from '../dialog';
import { formSubmit } from '../form-submit';

interface ListFormDialogProps<Values extends FieldValues & { isActive: boolean }> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  form: UseFormReturn<Values>;
  /** Editing a row (else adding one). */
  editing: boolean;
  /** What a row is, capitalised: 'Service' → 'Add Service', 'Edit Service'. */
  noun: string;
  /** The dialog's line under its title, when adding and when editing. */
  description: { add: string; edit: string };
  /** Under the 'Active' switch: what hiding a row does. */
  activeHint: string;
  size?: 'default' | 'wide';
  /** Saves the checked values; the dialog closes when this answers true. */
  onSave: (values: Values) => Promise<boolean>;
  /** The feature's own fields, above the 'Active' switch. */
  children: ReactNode;
}

/**
 * A list editor's add/edit dialog: the feature's fields, the 'Active' switch, and Add or Save
 * Changes. It asks before closing over unsaved input, and stays open when the save is refused.
 */
export function ListFormDialog<Values extends FieldValues & { isActive: boolean }>({
  open,
  onOpenChange,
  form,
  editing,
  noun,
  description,
  activeHint,
  size,
  onSave,
  children,
}: ListFormDialogProps<Values>) {
  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) onOpenChange(false);
  });
  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      size={size}
      title={editing ? `Edit ${noun}` : `Add ${noun}`}
      description={editing ? description.edit : description.add}
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        {children}
        <FormSwitch
          control={form.control}
          // Every list editor's form has it (Values extends { isActive: boolean }).
          name={'isActive' as FieldPathByValue<Values, boolean>}
          label="Active"
          hint={activeHint}
        />
        <FormActions
          submitLabel={editing ? 'Save Changes' : `Add ${noun}`}
          submitting={form.formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
