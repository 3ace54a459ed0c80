import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import { notify } from '@/ui/toast';
import { accountFailureMessage } from './account-messages';
import { changePasswordSchema, type ChangePasswordValues } from './password-rules';
import { useChangePassword } from './use-account';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: the signed-in admin's own; the server checks the current one at once. */
export function ChangePasswordForm({ offline }: { offline: boolean }) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      notify.success('Password changed');
      form.reset(EMPTY);
    } catch (error) {
      notify.error(accountFailureMessage(error, 'Failed to change password'));
    }
  });

  return (
    <section aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-heading text-base">
        Change Password
      </h3>
      <p className="mb-4 text-sm text-muted-foreground">
        Your other devices are signed out when the password changes.
      </p>
      <form noValidate onSubmit={formSubmit(submit)}>
        <fieldset
          disabled={offline || isSubmitting}
          className="grid items-start gap-4 sm:grid-cols-2"
        >
          <FormField
            label="Current Password"
            error={errors.currentPassword?.message}
            className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
          >
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          </FormField>
          <NewPasswordFields form={form} />
          <div className="sm:col-span-2">
            <Button type="submit" className="w-full sm:w-auto">
              <KeyRound aria-hidden /> {isSubmitting ? 'Changing...' : 'Change Password'}
            </Button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
