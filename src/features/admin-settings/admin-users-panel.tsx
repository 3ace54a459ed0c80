import { KeyRound, ShieldCheck, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/lib/auth/auth-provider';
import { SUPERUSER } from '@/lib/backend/admin-users';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { shortDate } from '@/ui/format';
import { notify } from '@/ui/toast';
import { accountFailureMessage } from './account-messages';
import { AddAdminDialog } from './add-admin-dialog';
import { canDeleteAdmin, canManageAdmins, resetTargets, visibleAdmins } from './admin-permissions';
import {
  CONFIRMATION_MISMATCH,
  confirmationMatches,
  DeleteAdminDialog,
} from './delete-admin-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { useAdminUsers, useDeleteAdmin } from './use-account';

/** Admin Users: the list, and for the superuser Reset Password, Add Admin and delete (SPEC §6). */
export function AdminUsersPanel({ offline }: { offline: boolean }) {
  const { username: current } = useAuth();
  const query = useAdminUsers();
  const deleteUser = useDeleteAdmin();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const users = visibleAdmins(query.data ?? [], current);
  const manage = canManageAdmins(current);

  const remove = async (username: string, typed: string) => {
    if (!confirmationMatches(typed, username)) return notify.error(CONFIRMATION_MISMATCH);
    if (!canDeleteAdmin(current, username)) return notify.error('Cannot delete this user');
    try {
      await deleteUser.mutateAsync(username);
      notify.success('User deleted', `${username} can no longer sign in.`);
    } catch (error) {
      notify.error(accountFailureMessage(error, 'Failed to delete user'));
    }
  };

  return (
    <section aria-labelledby="admin-users-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="admin-users-title" className="font-heading text-base">
            Admin Users
          </h3>
          <p className="text-sm text-muted-foreground">
            Everyone who can sign in to this admin area.
          </p>
        </div>
        {manage && (
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button
              variant="outline"
              size="sm"
              disabled={offline}
              onClick={() => setResetting(true)}
            >
              <KeyRound aria-hidden /> Reset Password
            </Button>
            <Button size="sm" disabled={offline} onClick={() => setAdding(true)}>
              <UserPlus aria-hidden /> Add Admin
            </Button>
          </div>
        )}
      </div>
      {query.isPending ? (
        <p role="status" className="py-4 text-sm text-muted-foreground">
          Loading admin users...
        </p>
      ) : users.length === 0 ? (
        <p className="py-4 text-sm text-muted-foreground">No admin users to show.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Admin users">
          {users.map((user) => (
            <li
              key={user.id}
              className="flex min-h-16 items-center gap-3 px-3 py-2.5 sm:px-4"
              data-testid="admin-user-row"
            >
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-medium uppercase text-secondary-foreground"
              >
                {user.username.slice(0, 1)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                  <span className="truncate">{user.username}</span>
                  {user.username === SUPERUSER && (
                    <Badge tone="neutral">
                      <ShieldCheck aria-hidden /> SUPERUSER
                    </Badge>
                  )}
                  {user.username === current && (
                    <span className="font-normal text-muted-foreground">(you)</span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  Created {shortDate(user.created_at)}
                </p>
              </div>
              {canDeleteAdmin(current, user.username) && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                  disabled={offline}
                  aria-label={`Delete ${user.username}`}
                  title={`Delete ${user.username}`}
                  onClick={() => setDeleting(user.username)}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <>
          <AddAdminDialog open={adding} onOpenChange={setAdding} offline={offline} />
          <ResetPasswordDialog
            open={resetting}
            onOpenChange={setResetting}
            targets={resetTargets(users, current)}
            offline={offline}
          />
          <DeleteAdminDialog
            username={deleting}
            onClose={() => setDeleting(null)}
            onDelete={(name, typed) => void remove(name, typed)}
            offline={offline}
          />
        </>
      )}
    </section>
  );
}
