import { SUPERUSER } from '@/lib/backend/admin-users';

/** SPEC §6: who sees which account-security buttons. */
export const isSuperuser = (username: string | null | undefined) => username === SUPERUSER;

/** Reset Password and Add Admin are shown to the superuser only. */
export const canManageAdmins = (current: string | null | undefined) => isSuperuser(current);

/** A delete button: for the superuser, on every admin but the superuser and themself. */
export const canDeleteAdmin = (current: string | null | undefined, target: string) =>
  isSuperuser(current) && target !== SUPERUSER && target !== current;

/** The users an admin sees; other admins never see the superuser (the server hides it too). */
export function visibleAdmins<User extends { username: string }>(
  users: User[],
  current: string | null | undefined,
): User[] {
  return isSuperuser(current) ? users : users.filter((user) => user.username !== SUPERUSER);
}

/** Reset-password targets: every admin but the superuser and the signed-in admin. */
export function resetTargets<User extends { username: string }>(
  users: User[],
  current: string | null | undefined,
): User[] {
  return users.filter((user) => user.username !== SUPERUSER && user.username !== current);
}
