import type { AdminCredentials, Backend } from './client';
import type { PublicBackend } from './public-client';
import { deviceId } from '../device-id';
import { BackendError, unwrap } from './errors';

/** The auth pair every admin RPC carries (SPEC §6), or 'Not authenticated'. */
export function authPair(backend: Backend): { p_username: string; p_token: string } {
  const credentials = backend.credentials();
  if (!credentials) throw new BackendError('Not authenticated', 'auth', 401);
  return { p_username: credentials.username, p_token: credentials.token };
}

/** rpc admin_login: a session token, or null for a wrong username or password. */
export async function adminLogin(
  backend: PublicBackend,
  username: string,
  password: string,
): Promise<string | null> {
  const db = await backend.publicClient();
  return unwrap(
    await db.rpc('admin_login', {
      p_username: username,
      p_password: password,
      p_device: deviceId(),
    }),
  );
}

/** rpc admin_validate_session: whether the stored session is still good (and extends it). */
export async function adminValidateSession(
  backend: PublicBackend,
  session: AdminCredentials,
): Promise<boolean> {
  const db = await backend.publicClient();
  return unwrap(
    await db.rpc('admin_validate_session', {
      p_username: session.username,
      p_token: session.token,
    }),
  );
}

/** rpc admin_logout: revokes the session on the server. */
export async function adminLogout(
  backend: PublicBackend,
  session: AdminCredentials,
): Promise<void> {
  const db = await backend.publicClient();
  unwrap(
    await db.rpc('admin_logout', {
      p_username: session.username,
      p_token: session.token,
    }),
  );
}
