import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { AdminCredentialRow } from './database.types';
import { BackendError, unwrap } from './errors';

/** The superuser's fixed username (SPEC §6). */
export const SUPERUSER = 'admin';

/** read admin_credentials (id, username, created_at) by created_at; RLS hides the superuser from other admins. */
export async function listAdminUsers(backend: Backend): Promise<AdminCredentialRow[]> {
  return unwrap(
    await backend.adminClient
      .from('admin_credentials')
      .select('id, username, created_at')
      .order('created_at'),
  );
}

/**
 * rpc change_admin_password: the signed-in admin's own password. The server answers false for
 * a wrong current password (so its guessing count survives the call), refused here in words.
 */
export async function changeAdminPassword(
  backend: Backend,
  oldPassword: string,
  newPassword: string,
): Promise<boolean> {
  const changed = unwrap(
    await backend.adminClient.rpc('change_admin_password', {
      ...authPair(backend),
      p_old_password: oldPassword,
      p_new_password: newPassword,
    }),
  );
  if (!changed) throw new BackendError('Current password is incorrect', 'refused', 403);
  return changed;
}

/** rpc create_admin_user; the creator is the signed-in admin. `id` makes a replay a no-op. */
export async function createAdminUser(
  backend: Backend,
  input: { id: string; username: string; password: string },
): Promise<boolean> {
  return unwrap(
    await backend.adminClient.rpc('create_admin_user', {
      ...authPair(backend),
      p_new_username: input.username,
      p_new_password: input.password,
      p_id: input.id,
    }),
  );
}

/** rpc delete_admin_user; the deleter is the signed-in admin. */
export async function deleteAdminUser(backend: Backend, username: string): Promise<boolean> {
  return unwrap(
    await backend.adminClient.rpc('delete_admin_user', {
      ...authPair(backend),
      p_target_username: username,
    }),
  );
}

/** rpc admin_reset_password, by the superuser for another admin. */
export async function resetAdminPassword(
  backend: Backend,
  username: string,
  newPassword: string,
): Promise<boolean> {
  const { p_username, p_token } = authPair(backend);
  return unwrap(
    await backend.adminClient.rpc('admin_reset_password', {
      p_admin_username: p_username,
      p_token,
      p_target_username: username,
      p_new_password: newPassword,
    }),
  );
}
