import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';

export const CONFIRMATION_MISMATCH = 'Username confirmation does not match';

/** The typed confirmation must be the username itself (surrounding spaces forgiven). */
export const confirmationMatches = (typed: string, username: string) => typed.trim() === username;

interface DeleteAdminDialogProps {
  /** The admin to delete; null keeps the dialog closed. */
  username: string | null;
  onClose: () => void;
  onDelete: (username: string, typed: string) => void;
  offline?: boolean;
}

/** Deleting an admin: 'Delete User' is enabled only once the username is typed (SPEC §4). */
export function DeleteAdminDialog(props: DeleteAdminDialogProps) {
  // A fresh, empty confirmation field for every admin the dialog opens for.
  return <DeleteAdminConfirm key={props.username ?? ''} {...props} />;
}

function DeleteAdminConfirm({
  username,
  onClose,
  onDelete,
  offline = false,
}: DeleteAdminDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();

  const matches = username !== null && confirmationMatches(typed, username);
  // Enter in the field submits; a mismatch keeps the dialog open with the spec's message.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username || offline) return;
    if (!matches) {
      setError(CONFIRMATION_MISMATCH);
      return;
    }
    onDelete(username, typed);
    onClose();
  };

  return (
    <ConfirmDialog
      open={username !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete admin user?"
      description={
        <>
          <strong className="font-medium text-foreground">{username}</strong> will no longer be able
          to sign in. This cannot be undone.
        </>
      }
      confirmLabel="Delete User"
      confirmDisabled={!matches || offline}
      onConfirm={() => username && onDelete(username, typed)}
    >
      <form noValidate onSubmit={submit}>
        <FormField label={`Type ${username ?? ''} to confirm`} error={error}>
          <Input
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </FormField>
      </form>
    </ConfirmDialog>
  );
}
