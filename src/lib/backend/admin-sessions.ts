import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { AdminSession } from './database.types';
import { unwrap } from './errors';

/** rpc admin_list_sessions: the signed-in admin's devices, this one first. */
export async function listAdminSessions(backend: Backend): Promise<AdminSession[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_sessions', authPair(backend)));
}

/** rpc admin_revoke_session: signs one of the admin's own devices out. */
export async function revokeAdminSession(backend: Backend, sessionId: string): Promise<boolean> {
  return unwrap(
    await backend.adminClient.rpc('admin_revoke_session', {
      ...authPair(backend),
      p_session_id: sessionId,
    }),
  );
}

/** rpc admin_revoke_other_sessions: signs every other device out; how many were. */
export async function revokeOtherAdminSessions(backend: Backend): Promise<number> {
  return unwrap(await backend.adminClient.rpc('admin_revoke_other_sessions', authPair(backend)));
}
