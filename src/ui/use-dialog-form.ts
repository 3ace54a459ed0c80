import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * A dialog's form that starts over each time the dialog opens: with the values of the row it
 * edits, or a new row's (`values()`, a module function: it must be stable).
 */
export function useDialogForm<Values extends FieldValues, Row>({
  open,
  row,
  values,
  resolver,
}: {
  open: boolean;
  row: Row | undefined;
  values: (row?: Row) => DefaultValues<Values>;
  resolver: Resolver<Values>;
}) {
  const form = useForm<Values>({ resolver, defaultValues: values() });
  useEffect(() => {
    if (open) form.reset(values(row));
  }, [open, row, form, values]);
  return form;
}
