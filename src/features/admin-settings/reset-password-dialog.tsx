import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { NativeSelect } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { notify } from '@/ui/toast';
import { resetPasswordSchema, type ResetPasswordValues } from './password-rules';
import { useResetPassword } from './use-account';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: ResetPasswordValues = { username: '', newPassword: '', confirmPassword: '' };

interface ResetPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every admin but the superuser and the signed-in admin (SPEC §6). */
  targets: Array<{ username: string }>;
  offline: boolean;
}

/** 'Reset Password' (superuser only): a new password for another admin, who is signed out everywhere. */
export function ResetPasswordDialog({
  open,
  onOpenChange,
  targets,
  offline,
}: ResetPasswordDialogProps) {
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync({
        username: values.username,
        newPassword: values.newPassword,
      });
      notify.success(`Password reset for ${values.username}`);
      onOpenChange(false);
    } catch (error) {
      console.error('Reset admin password failed', error);
      notify.error('Failed to reset password');
    }
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      title="Reset Password"
      description="Set a new password for another admin. They are signed out everywhere."
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <FormField
          label="Admin User"
          error={errors.username?.message}
          hint={
            targets.length === 0 ? 'There are no other admin users yet. Add one first.' : undefined
          }
        >
          <NativeSelect {...form.register('username')} disabled={targets.length === 0}>
            <option value="">Choose an admin user</option>
            {targets.map((target) => (
              <option key={target.username} value={target.username}>
                {target.username}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <NewPasswordFields form={form} />
        <FormActions
          submitLabel={isSubmitting ? 'Resetting...' : 'Reset Password'}
          submitting={isSubmitting || offline || targets.length === 0}
        />
      </form>
    </Dialog>
  );
}
