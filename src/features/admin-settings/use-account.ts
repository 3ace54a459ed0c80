import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeAdminPassword,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  resetAdminPassword,
} from '@/lib/backend/admin-users';
import {
  listAdminSessions,
  revokeAdminSession,
  revokeOtherAdminSessions,
} from '@/lib/backend/admin-sessions';
import { useBackend } from '@/lib/backend/backend-context';
import { useErrorToast } from '@/ui/use-error-toast';
import { settingsKeys } from './settings-keys';

/** Every admin user the signed-in admin may see (the server hides the superuser from others). */
export function useAdminUsers() {
  const backend = useBackend();
  const query = useQuery({
    queryKey: settingsKeys.adminUsers(),
    queryFn: () => listAdminUsers(backend),
  });
  useErrorToast(query.error, 'Failed to load admin users');
  return query;
}

// Account actions carry passwords: they go straight to the server, never through the outbox,
// and never pause offline (a paused mutation would be persisted with its variables).
// gcTime 0 drops the variables from memory as soon as the action settles.
const direct = { networkMode: 'always', gcTime: 0 } as const;

/** Treats a falsy RPC result as a failure (SPEC §7: 'falsy result means failure'). */
async function required(call: Promise<boolean>, what: string): Promise<void> {
  if (!(await call)) throw new Error(`${what} was refused`);
}

function useRefetchUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.adminUsers() });
}

export function useChangePassword() {
  const backend = useBackend();
  return useMutation({
    ...direct,
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      required(
        changeAdminPassword(backend, input.currentPassword, input.newPassword),
        'Password change',
      ),
  });
}

export function useCreateAdmin() {
  const backend = useBackend();
  const onSettled = useRefetchUsers();
  return useMutation({
    ...direct,
    mutationFn: (input: { username: string; password: string }) =>
      required(createAdminUser(backend, { id: crypto.randomUUID(), ...input }), 'User creation'),
    onSettled,
  });
}

export function useResetPassword() {
  const backend = useBackend();
  const onSettled = useRefetchUsers();
  return useMutation({
    ...direct,
    mutationFn: (input: { username: string; newPassword: string }) =>
      required(resetAdminPassword(backend, input.username, input.newPassword), 'Password reset'),
    onSettled,
  });
}

export function useDeleteAdmin() {
  const backend = useBackend();
  const onSettled = useRefetchUsers();
  return useMutation({
    ...direct,
    mutationFn: (username: string) => required(deleteAdminUser(backend, username), 'User deletion'),
    onSettled,
  });
}

/** The signed-in admin's devices; read fresh each time (never from the offline cache's copy). */
export function useAdminSessions() {
  const backend = useBackend();
  const query = useQuery({
    queryKey: settingsKeys.sessions(),
    queryFn: () => listAdminSessions(backend),
    networkMode: 'always',
  });
  useErrorToast(query.error, 'Failed to load signed-in devices');
  return query;
}

function useRefetchSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
}

export function useRevokeSession() {
  const backend = useBackend();
  const onSettled = useRefetchSessions();
  return useMutation({
    ...direct,
    mutationFn: (sessionId: string) =>
      required(revokeAdminSession(backend, sessionId), 'Signing out that device'),
    onSettled,
  });
}

export function useRevokeOtherSessions() {
  const backend = useBackend();
  const onSettled = useRefetchSessions();
  return useMutation({ ...direct, mutationFn: () => revokeOtherAdminSessions(backend), onSettled });
}
