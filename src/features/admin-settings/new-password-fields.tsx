import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/**
 * A new password and its confirmation, as every password form here asks them (the rule is
 * the schemas' `newPassword`; browsers offer to generate one: autocomplete new-password).
 */
export function NewPasswordFields<Values extends FieldValues & NewPasswordValues>({
  form,
  label = 'New Password',
}: {
  form: UseFormReturn<Values>;
  label?: string;
}) {
  const field = (name: keyof NewPasswordValues) => ({
    error: form.getFieldState(name as Path<Values>, form.formState).error?.message,
    input: form.register(name as Path<Values>),
  });
  const password = field('newPassword');
  const confirmation = field('confirmPassword');
  return (
    <>
      <FormField label={label} error={password.error} hint="At least 6 characters">
        <Input type="password" autoComplete="new-password" {...password.input} />
      </FormField>
      <FormField label={`Confirm ${label}`} error={confirmation.error}>
        <Input type="password" autoComplete="new-password" {...confirmation.input} />
      </FormField>
    </>
  );
}
