import { describe, expect, it } from 'vitest';
import { adminValidateSession } from '@/lib/backend/admin-auth';
import {
  listAdminSessions,
  revokeAdminSession,
  revokeOtherAdminSessions,
} from '@/lib/backend/admin-sessions';
import { changeAdminPassword, resetAdminPassword } from '@/lib/backend/admin-users';
import { getDashboardStats } from '@/lib/backend/dashboard';
import {
  anonymous,
  backendAs,
  createAdmin,
  failureOf,
  signIn,
  signedInSuperuser,
  sql,
} from '../integration/helpers';

// Class 8 of docs/SECURITY.md: sessions end (idle 30 days, absolutely 90), can be listed and
// revoked, and die on a password change or reset.
describe('admin sessions', () => {
  it('lists the admin’s own devices, this one first, and signs one or all others out', async () => {
    const admin = await createAdmin();
    const laptop = await signIn(admin.username, admin.password);
    const phone = await signIn(admin.username, admin.password);
    const tablet = await signIn(admin.username, admin.password);
    const someoneElse = await createAdmin();
    const theirs = await signIn(someoneElse.username, someoneElse.password);

    const listed = await listAdminSessions(backendAs(laptop));
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      is_current: true,
      source: '127.0.0.1',
      user_agent: expect.any(String),
    });
    expect(listed.filter((session) => session.is_current)).toHaveLength(1);

    // Another admin's session id changes nothing.
    const [theirSession] = await listAdminSessions(backendAs(theirs));
    expect(await revokeAdminSession(backendAs(laptop), theirSession!.id)).toBe(false);
    expect(await adminValidateSession(anonymous(), theirs)).toBe(true);

    const phoneSession = (await listAdminSessions(backendAs(phone))).find(
      (session) => session.is_current,
    )!;
    expect(await revokeAdminSession(backendAs(laptop), phoneSession.id)).toBe(true);
    expect((await failureOf(getDashboardStats(backendAs(phone)))).status).toBe(401);
    expect(await adminValidateSession(anonymous(), tablet)).toBe(true);

    expect(await revokeOtherAdminSessions(backendAs(laptop))).toBe(1);
    expect(await adminValidateSession(anonymous(), tablet)).toBe(false);
    expect(await adminValidateSession(anonymous(), laptop)).toBe(true);
    expect(
      (await listAdminSessions(backendAs(laptop))).map((session) => session.is_current),
    ).toEqual([true]);
  });

  it('ends a session at its absolute lifetime however recently it was used', async () => {
    const admin = await createAdmin();
    const session = await signIn(admin.username, admin.password);
    const [row] = await sql<{ days: number }>(
      `select round(extract(epoch from s.absolute_expires_at - s.created_at) / 86400)::int as days
         from private.admin_sessions s join public.admin_credentials a on a.id = s.admin_id where a.username = $1`,
      [admin.username],
    );
    expect(row).toEqual({ days: 90 });

    // Signed in 89 days ago and used every day: validating never carries it past day 90.
    await sql(
      `update private.admin_sessions s set created_at = now() - interval '89 days',
              absolute_expires_at = now() + interval '1 day'
         from public.admin_credentials a where a.id = s.admin_id and a.username = $1`,
      [admin.username],
    );
    expect(await adminValidateSession(anonymous(), session)).toBe(true);
    const [extended] = await sql<{ capped: boolean }>(
      `select s.expires_at <= s.absolute_expires_at as capped
         from private.admin_sessions s join public.admin_credentials a on a.id = s.admin_id where a.username = $1`,
      [admin.username],
    );
    expect(extended).toEqual({ capped: true });

    await sql(
      `update private.admin_sessions s set absolute_expires_at = now() - interval '1 second'
         from public.admin_credentials a where a.id = s.admin_id and a.username = $1`,
      [admin.username],
    );
    expect(await adminValidateSession(anonymous(), session)).toBe(false);
    expect((await failureOf(getDashboardStats(backendAs(session)))).message).toBe(
      'Not authenticated',
    );
  });

  it('signs other devices out on a password change, and every device on a reset', async () => {
    const admin = await createAdmin();
    const here = await signIn(admin.username, admin.password);
    const there = await signIn(admin.username, admin.password);
    expect(await changeAdminPassword(backendAs(here), admin.password, 'changed-password')).toBe(
      true,
    );
    expect(await adminValidateSession(anonymous(), there)).toBe(false);
    expect(await adminValidateSession(anonymous(), here)).toBe(true);

    const superuser = backendAs(await signedInSuperuser());
    expect(await resetAdminPassword(superuser, admin.username, 'reset-password')).toBe(true);
    expect(await adminValidateSession(anonymous(), here)).toBe(false);
  });
});
