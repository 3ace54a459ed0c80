import { describe, expect, it } from 'vitest';
import { adminLogin, adminLogout, adminValidateSession } from '@/lib/backend/admin-auth';
import { getDashboardStats } from '@/lib/backend/dashboard';
import type { RpcName } from '@/lib/backend/database.types';
import {
  anonymous,
  backendAs,
  createAdmin,
  failureOf,
  signIn,
  signedInAdmin,
  sql,
  uniqueName,
} from './helpers';

describe('admin_login', () => {
  it('returns a token for the right password and nothing for a wrong one or an unknown user', async () => {
    const admin = await createAdmin();
    const token = await adminLogin(anonymous(), admin.username, admin.password);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await adminLogin(anonymous(), admin.username, 'wrong-password')).toBeNull();
    expect(await adminLogin(anonymous(), uniqueName('nobody'), 'whatever')).toBeNull();
    expect(await adminLogin(anonymous(), '', '')).toBeNull();
  });

  it('accepts the username in any letter case', async () => {
    const admin = await createAdmin();
    expect(
      await adminLogin(anonymous(), admin.username.toUpperCase(), admin.password),
    ).toBeTruthy();
  });

  it('stores only bcrypt hashes and SHA-256 token digests', async () => {
    const admin = await createAdmin();
    const { token } = await signIn(admin.username, admin.password);
    const [row] = await sql<{ password_hash: string; token_stored: boolean }>(
      `select a.password_hash,
              exists (select 1 from private.admin_sessions s
                       where s.admin_id = a.id and s.token_hash = extensions.digest($2, 'sha256')) as token_stored
         from public.admin_credentials a where a.username = $1`,
      [admin.username, token],
    );
    expect(row!.password_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(row!.password_hash).not.toContain(admin.password);
    expect(row!.token_stored).toBe(true);
    const plain = await sql(
      `select 1 from private.admin_sessions where encode(token_hash, 'escape') = $1`,
      [token],
    );
    expect(plain).toEqual([]);
  });

  it('throttles a username after five failures, even for the right password', async () => {
    const admin = await createAdmin();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await adminLogin(anonymous(), admin.username, `wrong-${attempt}`)).toBeNull();
    }
    const refused = await failureOf(adminLogin(anonymous(), admin.username, admin.password));
    expect(refused.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(refused.status).toBe(429);

    // Once the window has passed, the right password works again.
    await sql(
      `update private.failed_attempts set attempted_at = now() - interval '16 minutes' where subject = $1 or subject like $1 || '|%'`,
      [admin.username],
    );
    expect(await adminLogin(anonymous(), admin.username, admin.password)).toBeTruthy();
  });
});

describe('admin sessions', () => {
  it('validates a live session and refuses a forged one', async () => {
    const session = await signedInAdmin();
    expect(await adminValidateSession(anonymous(), session)).toBe(true);
    expect(await adminValidateSession(anonymous(), { ...session, token: 'forged-token' })).toBe(
      false,
    );
    expect(
      await adminValidateSession(anonymous(), { username: 'admin', token: session.token }),
    ).toBe(false);
  });

  it('ends the session on sign-out', async () => {
    const session = await signedInAdmin();
    await adminLogout(anonymous(), session);
    expect(await adminValidateSession(anonymous(), session)).toBe(false);
  });

  it('refuses an expired session', async () => {
    const session = await signedInAdmin();
    await sql(
      `update private.admin_sessions s set expires_at = now() - interval '1 second'
         from public.admin_credentials a where s.admin_id = a.id and a.username = $1`,
      [session.username],
    );
    expect(await adminValidateSession(anonymous(), session)).toBe(false);
    const refused = await failureOf(getDashboardStats(backendAs(session)));
    expect(refused.message).toBe('Not authenticated');
  });
});

describe('every admin RPC without a valid session', () => {
  const adminRpcs: Array<[RpcName, Record<string, unknown>]> = [
    ['admin_get_dashboard_stats', {}],
    ['admin_list_albums', {}],
    ['admin_list_albums_simple', {}],
    ['admin_get_album', { p_album_id: crypto.randomUUID() }],
    ['admin_create_album', { p_name: 'x', p_description: null }],
    ['admin_update_album', { p_album_id: crypto.randomUUID(), p_name: 'x', p_description: null }],
    ['admin_delete_album', { p_album_id: crypto.randomUUID() }],
    ['admin_list_photos', { p_album_id: crypto.randomUUID() }],
    [
      'admin_add_photo',
      {
        p_album_id: crypto.randomUUID(),
        p_filename: 'a.jpg',
        p_original_filename: 'a.jpg',
        p_file_url: 'http://x/a.jpg',
        p_file_size: 1,
        p_width: 1,
        p_height: 1,
        p_mime_type: 'image/jpeg',
      },
    ],
    ['admin_delete_photo', { p_photo_id: crypto.randomUUID() }],
    ['admin_list_missing_covers', {}],
    [
      'admin_record_cover_rendition',
      { p_photo_id: crypto.randomUUID(), p_cover_url: '/storage/v1/object/public/photos/x.webp' },
    ],
    ['admin_set_photo_caption', { p_photo_id: crypto.randomUUID(), p_caption: 'x' }],
    ['admin_list_public_galleries', {}],
    ['admin_create_public_gallery', { p_title: 'x', p_description: null, p_is_active: true }],
    [
      'admin_update_public_gallery',
      { p_gallery_id: crypto.randomUUID(), p_title: 'x', p_description: null, p_is_active: true },
    ],
    ['admin_add_photos_to_gallery', { p_gallery_id: crypto.randomUUID(), p_photo_ids: [] }],
    ['admin_delete_public_gallery', { p_gallery_id: crypto.randomUUID() }],
    ['admin_list_gallery_links', {}],
    ['admin_update_site_settings', { p_settings: { primary_color: '#000000' } }],
    [
      'admin_save_link_defaults',
      { p_require_passcode: true, p_allow_downloads: false, p_expiry_days: 7 },
    ],
    ['change_admin_password', { p_old_password: 'x', p_new_password: 'yyyyyy' }],
    ['create_admin_user', { p_new_username: 'someone', p_new_password: 'yyyyyy' }],
    ['delete_admin_user', { p_target_username: 'someone' }],
  ];

  async function call(rpc: RpcName, args: Record<string, unknown>) {
    const { data, error, status } = await (
      await anonymous().publicClient()
    ).rpc(rpc as never, args as never);
    return { data, message: (error as { message?: string } | null)?.message, status };
  }

  it.each(adminRpcs)('%s answers "Not authenticated" with a missing token', async (rpc, args) => {
    const result = await call(rpc, { p_username: 'admin', ...args });
    expect(result).toMatchObject({ data: null, message: 'Not authenticated', status: 401 });
  });

  it.each(adminRpcs)('%s answers "Not authenticated" with a forged token', async (rpc, args) => {
    const result = await call(rpc, { p_username: 'admin', p_token: 'forged', ...args });
    expect(result).toMatchObject({ data: null, message: 'Not authenticated', status: 401 });
  });

  it('admin_reset_password answers "Not authenticated" with a missing or forged token', async () => {
    for (const token of [undefined, 'forged']) {
      const result = await call('admin_reset_password', {
        p_admin_username: 'admin',
        p_target_username: 'someone',
        p_new_password: 'yyyyyy',
        ...(token ? { p_token: token } : {}),
      });
      expect(result).toMatchObject({ data: null, message: 'Not authenticated', status: 401 });
    }
  });

  it('changes nothing when refused', async () => {
    const name = uniqueName('refused-album');
    await call('admin_create_album', {
      p_username: 'admin',
      p_token: 'forged',
      p_name: name,
      p_description: null,
    });
    expect(await sql('select 1 from public.albums where name = $1', [name])).toEqual([]);
  });
});
