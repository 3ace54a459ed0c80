import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import { notify } from '@/ui/toast';
import { addAdminSchema, type AddAdminInput, type AddAdminValues } from './password-rules';
import { useCreateAdmin } from './use-account';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: AddAdminInput = { username: '', newPassword: '', confirmPassword: '' };

/** 'Add Admin' (superuser only): a new admin user, recorded as created by the signed-in admin. */
export function AddAdminDialog({
  open,
  onOpenChange,
  offline,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offline: boolean;
}) {
  const createUser = useCreateAdmin();
  const form = useForm<AddAdminInput, unknown, AddAdminValues>({
    resolver: zodResolver(addAdminSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(EMPTY);
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync({ username: values.username, password: values.newPassword });
      notify.success('User created', `${values.username} can now sign in to the admin area.`);
      onOpenChange(false);
    } catch (error) {
      console.error('Create admin user failed', error);
      notify.error('Failed to create user. Username may already exist.');
    }
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      title="Add Admin"
      description="A new admin can manage everything in the admin area."
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <FormField
          label="Username"
          error={errors.username?.message}
          hint="3 to 32 letters, digits, dots, dashes or underscores"
        >
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            {...form.register('username')}
          />
        </FormField>
        <NewPasswordFields form={form} label="Password" />
        <FormActions
          submitLabel={isSubmitting ? 'Creating...' : 'Create User'}
          submitting={isSubmitting || offline}
        />
      </form>
    </Dialog>
  );
}
