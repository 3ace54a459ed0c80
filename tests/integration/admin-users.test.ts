import { describe, expect, it } from 'vitest';
import { adminLogin, adminValidateSession } from '@/lib/backend/admin-auth';
import {
  changeAdminPassword,
  createAdminUser,
  deleteAdminUser,
  listAdminUsers,
  resetAdminPassword,
} from '@/lib/backend/admin-users';
import {
  anonymous,
  backendAs,
  failureOf,
  signIn,
  signedInAdmin,
  signedInSuperuser,
  sql,
  uniqueName,
} from './helpers';

const usernames = async (rows: Promise<Array<{ username: string }>>) =>
  (await rows).map((row) => row.username);

describe('change_admin_password', () => {
  it('changes the password when the current one is right, and signs out other sessions', async () => {
    const session = await signedInAdmin();
    const otherDevice = await signIn(session.username, session.password);
    expect(await changeAdminPassword(backendAs(session), session.password, 'new-password-1')).toBe(
      true,
    );

    expect(await adminLogin(anonymous(), session.username, session.password)).toBeNull();
    expect(await adminLogin(anonymous(), session.username, 'new-password-1')).toBeTruthy();
    expect(await adminValidateSession(anonymous(), session)).toBe(true);
    expect(await adminValidateSession(anonymous(), otherDevice)).toBe(false);
  });

  it("refuses a wrong current password with 'Current password is incorrect'", async () => {
    const session = await signedInAdmin();
    const refused = await failureOf(
      changeAdminPassword(backendAs(session), 'not-my-password', 'new-password-1'),
    );
    expect(refused.message).toBe('Current password is incorrect');
    expect(await adminLogin(anonymous(), session.username, session.password)).toBeTruthy();
  });

  it("refuses a new password under 6 characters with 'Password must be at least 6 characters'", async () => {
    const session = await signedInAdmin();
    const refused = await failureOf(
      changeAdminPassword(backendAs(session), session.password, '12345'),
    );
    expect(refused.message).toBe('Password must be at least 6 characters');
    expect(await adminLogin(anonymous(), session.username, session.password)).toBeTruthy();
  });
});

describe('admin users and the superuser rules of SPEC §6', () => {
  it('lets the superuser add an admin, recording the creator, and a replay changes nothing', async () => {
    const superuser = await signedInSuperuser();
    const username = uniqueName('photographer');
    const id = crypto.randomUUID();
    expect(
      await createAdminUser(backendAs(superuser), { id, username, password: 'secret-pass' }),
    ).toBe(true);
    expect(
      await createAdminUser(backendAs(superuser), { id, username, password: 'secret-pass' }),
    ).toBe(true);
    const rows = await sql<{ id: string; creator: string }>(
      `select a.id, c.username as creator from public.admin_credentials a
         join public.admin_credentials c on c.id = a.created_by where a.username = $1`,
      [username],
    );
    expect(rows).toEqual([{ id, creator: 'admin' }]);
    expect(await adminLogin(anonymous(), username, 'secret-pass')).toBeTruthy();
  });

  it("answers 'Username already exists or creation failed' for a taken name", async () => {
    const superuser = await signedInSuperuser();
    const existing = await signedInAdmin();
    const refused = await failureOf(
      createAdminUser(backendAs(superuser), {
        id: crypto.randomUUID(),
        username: existing.username,
        password: 'secret-pass',
      }),
    );
    expect(refused.message).toBe('Username already exists or creation failed');
  });

  it('checks the new password length and the username format', async () => {
    const superuser = await signedInSuperuser();
    const short = await failureOf(
      createAdminUser(backendAs(superuser), {
        id: crypto.randomUUID(),
        username: uniqueName('x'),
        password: '123',
      }),
    );
    expect(short.message).toBe('Password must be at least 6 characters');
    const badName = await failureOf(
      createAdminUser(backendAs(superuser), {
        id: crypto.randomUUID(),
        username: 'a b<script>',
        password: 'secret-pass',
      }),
    );
    expect(badName.message).toBe(
      'Username must be 3 to 32 letters, digits, dots, dashes or underscores',
    );
  });

  it('does not let other admins add admins', async () => {
    const admin = await signedInAdmin();
    const username = uniqueName('sneaky');
    const refused = await failureOf(
      createAdminUser(backendAs(admin), {
        id: crypto.randomUUID(),
        username,
        password: 'secret-pass',
      }),
    );
    expect(refused.message).toBe('Only the admin superuser can add users');
    expect(
      await sql('select 1 from public.admin_credentials where username = $1', [username]),
    ).toEqual([]);
  });

  it("refuses deletion by other admins with 'Only the admin superuser can delete users'", async () => {
    const admin = await signedInAdmin();
    const victim = await signedInAdmin();
    const refused = await failureOf(deleteAdminUser(backendAs(admin), victim.username));
    expect(refused.message).toBe('Only the admin superuser can delete users');
    expect(
      await sql('select 1 from public.admin_credentials where username = $1', [victim.username]),
    ).toHaveLength(1);
  });

  it("never deletes the superuser or oneself: 'Cannot delete this user'", async () => {
    const superuser = await signedInSuperuser();
    expect((await failureOf(deleteAdminUser(backendAs(superuser), 'admin'))).message).toBe(
      'Cannot delete this user',
    );
    expect((await failureOf(deleteAdminUser(backendAs(superuser), 'ADMIN'))).message).toBe(
      'Cannot delete this user',
    );
    expect(
      await sql(`select 1 from public.admin_credentials where username = 'admin'`),
    ).toHaveLength(1);
  });

  it('lets the superuser delete an admin, whose sessions end with it', async () => {
    const superuser = await signedInSuperuser();
    const victim = await signedInAdmin();
    expect(await deleteAdminUser(backendAs(superuser), victim.username)).toBe(true);
    expect(
      await sql('select 1 from public.admin_credentials where username = $1', [victim.username]),
    ).toEqual([]);
    expect(await adminValidateSession(anonymous(), victim)).toBe(false);
  });

  it("lets only the superuser reset another admin's password, and signs that admin out", async () => {
    const superuser = await signedInSuperuser();
    const target = await signedInAdmin();
    const other = await signedInAdmin();

    const notSuper = await failureOf(
      resetAdminPassword(backendAs(other), target.username, 'reset-pass'),
    );
    expect(notSuper.message).toBe('Only the admin superuser can reset passwords');

    expect(await resetAdminPassword(backendAs(superuser), target.username, 'reset-pass')).toBe(
      true,
    );
    expect(await adminValidateSession(anonymous(), target)).toBe(false);
    expect(await adminLogin(anonymous(), target.username, 'reset-pass')).toBeTruthy();

    expect(
      (await failureOf(resetAdminPassword(backendAs(superuser), 'admin', 'reset-pass'))).message,
    ).toBe("Cannot reset this user's password");
    expect(await resetAdminPassword(backendAs(superuser), uniqueName('ghost'), 'reset-pass')).toBe(
      false,
    );
    expect(
      (await failureOf(resetAdminPassword(backendAs(superuser), target.username, 'short'))).message,
    ).toBe('Password must be at least 6 characters');
  });

  it('shows the superuser every admin, other admins everyone but the superuser, and anonymous callers nobody', async () => {
    const superuser = await signedInSuperuser();
    const admin = await signedInAdmin();
    expect(await usernames(listAdminUsers(backendAs(superuser)))).toEqual(
      expect.arrayContaining(['admin', admin.username]),
    );
    const seenByAdmin = await usernames(listAdminUsers(backendAs(admin)));
    expect(seenByAdmin).toContain(admin.username);
    expect(seenByAdmin).not.toContain('admin');
    expect(await listAdminUsers(anonymous())).toEqual([]);
    expect(
      (await failureOf(listAdminUsers(backendAs({ username: admin.username, token: 'forged' }))))
        .message,
    ).toBe('Not authenticated');
  });

  it('never lets anyone read password hashes through the API', async () => {
    const superuser = await signedInSuperuser();
    const { error, status } = await backendAs(superuser)
      .adminClient.from('admin_credentials')
      .select('password_hash');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});
