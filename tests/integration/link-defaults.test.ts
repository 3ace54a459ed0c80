import { afterAll, describe, expect, it } from 'vitest';
import { createGalleryLink, updateGalleryLink } from '@/lib/backend/gallery-links';
import { readLinkDefaults, saveLinkDefaults } from '@/lib/backend/link-defaults';
import { readSiteSettings } from '@/lib/backend/site-settings';
import { anonymous, backendAs, failureOf, insertAlbum, signedInAdmin, sql } from './helpers';

/**
 * The kept link defaults (issue 20, item 4) and the passcode rule, against the real database
 * and PostgREST: what an admin saves every admin device reads, visitors read none of it, and
 * a new or changed passcode is 4 to 8 digits while older links keep theirs.
 */

const linkRows = () =>
  sql<{ setting_key: string; setting_value: string }>(
    `select setting_key, setting_value from public.site_settings where setting_key like 'link\\_%' order by setting_key`,
  );

afterAll(async () => {
  await sql(`delete from public.site_settings where setting_key like 'link\\_%'`);
});

describe('the default link settings', () => {
  it('are saved by an admin and read back on another session (another device)', async () => {
    await saveLinkDefaults(backendAs(await signedInAdmin()), {
      requirePasscode: true,
      allowDownloads: false,
      expiryDays: 14,
    });
    // Saved twice (an outbox replay): the same three rows.
    await saveLinkDefaults(backendAs(await signedInAdmin()), {
      requirePasscode: true,
      allowDownloads: false,
      expiryDays: 14,
    });
    expect(await linkRows()).toEqual([
      { setting_key: 'link_allow_downloads', setting_value: 'false' },
      { setting_key: 'link_expiry_days', setting_value: '14' },
      { setting_key: 'link_require_passcode', setting_value: 'true' },
    ]);
    expect(await readLinkDefaults(backendAs(await signedInAdmin()))).toEqual({
      requirePasscode: true,
      allowDownloads: false,
      expiryDays: 14,
    });
  });

  it('are hidden from visitors: the anon key reads the design rows but none of the link rows', async () => {
    await sql(
      `insert into public.site_settings (setting_key, setting_value) values ('primary_color', '#112233')
       on conflict (setting_key) do update set setting_value = excluded.setting_value`,
    );
    const visitor = anonymous();
    const settings = await readSiteSettings(visitor);
    expect(settings.primary_color).toBe('#112233');
    expect(Object.keys(settings).filter((key) => key.startsWith('link_'))).toEqual([]);
    const { data, error } = await (
      await visitor.publicClient()
    )
      .from('site_settings')
      .select('*')
      .like('setting_key', 'link_%');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    // A forged admin header reads no more than a visitor.
    const forged = backendAs({ username: 'admin', token: 'x'.repeat(43) });
    const forgedRead = await forged.adminClient
      .from('site_settings')
      .select('*')
      .like('setting_key', 'link_%');
    expect(forgedRead.data ?? []).toEqual([]);
  });

  it('cannot be written by a visitor, nor through the design RPC, nor out of range', async () => {
    const before = await linkRows();
    const visitor = anonymous();
    const rpc = await (
      await visitor.publicClient()
    ).rpc('admin_save_link_defaults', {
      p_require_passcode: false,
      p_allow_downloads: true,
      p_expiry_days: 5,
    } as never);
    expect(rpc.error?.message).toBe('Not authenticated');
    const insert = await (
      await visitor.publicClient()
    )
      .from('site_settings')
      .insert({ setting_key: 'link_expiry_days', setting_value: '5' } as never);
    expect(insert.error).not.toBeNull();
    const update = await (
      await visitor.publicClient()
    )
      .from('site_settings')
      .update({ setting_value: '5' } as never)
      .eq('setting_key', 'link_expiry_days');
    expect(update.error).not.toBeNull();

    const admin = backendAs(await signedInAdmin());
    const viaDesign = await admin.adminClient.rpc('admin_update_site_settings', {
      p_username: admin.credentials()!.username,
      p_token: admin.credentials()!.token,
      p_settings: { link_expiry_days: '5' } as never,
    });
    expect(viaDesign.error?.message).toBe('Unknown setting: link_expiry_days');
    for (const expiryDays of [0, 366, -3]) {
      const failure = await failureOf(
        saveLinkDefaults(admin, { requirePasscode: false, allowDownloads: true, expiryDays }),
      );
      expect(failure).toMatchObject({
        kind: 'refused',
        message: 'Default expiry must be between 1 and 365 days',
      });
    }
    expect(await linkRows()).toEqual(before);
  });
});

describe('the passcode rule', () => {
  const newLink = async (passcode: string | null) => {
    const admin = backendAs(await signedInAdmin());
    const id = crypto.randomUUID();
    await createGalleryLink(admin, {
      id,
      albumId: await insertAlbum(),
      accessToken: crypto.randomUUID().replaceAll('-', '') + 'abc',
      passcode,
      allowDownloads: true,
      expiresAt: null,
    });
    return { admin, id };
  };

  it('refuses a new passcode that is not 4 to 8 digits, with a clear message', async () => {
    for (const passcode of ['abc', '123', '123456789', '12 34']) {
      const failure = await failureOf(newLink(passcode));
      expect(failure).toMatchObject({ kind: 'refused', message: 'Passcode must be 4 to 8 digits' });
    }
    for (const passcode of ['0000', '12345678', null]) {
      const { id } = await newLink(passcode);
      expect(await sql('select passcode from public.gallery_links where id = $1', [id])).toEqual([
        { passcode },
      ]);
    }
  });

  it('refuses changing a passcode to one outside the rule', async () => {
    const { admin, id } = await newLink('1234');
    const failure = await failureOf(updateGalleryLink(admin, id, { passcode: 'abcd' }));
    expect(failure.message).toBe('Passcode must be 4 to 8 digits');
    expect(await sql('select passcode from public.gallery_links where id = $1', [id])).toEqual([
      { passcode: '1234' },
    ]);
  });

  it('keeps older links working: their passcode stays, and they can still be edited', async () => {
    const { admin, id } = await newLink(null);
    // A link made under the old rule (up to 8 characters of anything).
    await sql(`alter table public.gallery_links disable trigger gallery_links_passcode_rule`);
    try {
      await sql(`update public.gallery_links set passcode = 'abc' where id = $1`, [id]);
    } finally {
      await sql(`alter table public.gallery_links enable trigger gallery_links_passcode_rule`);
    }
    // The dialog sends the passcode back unchanged with the other fields.
    await updateGalleryLink(admin, id, {
      passcode: 'abc',
      allow_downloads: false,
      expires_at: null,
    });
    await updateGalleryLink(admin, id, { is_active: false });
    expect(
      await sql(
        'select passcode, allow_downloads, is_active from public.gallery_links where id = $1',
        [id],
      ),
    ).toEqual([{ passcode: 'abc', allow_downloads: false, is_active: false }]);
  });

  it('does not let a visitor create a link', async () => {
    const albumId = await insertAlbum();
    const failure = await failureOf(
      createGalleryLink(anonymous(), {
        id: crypto.randomUUID(),
        albumId,
        accessToken: 'a'.repeat(43),
        passcode: '1234',
        allowDownloads: true,
        expiresAt: null,
      }),
    );
    expect(failure.kind).toBe('auth');
    expect(
      await sql('select count(*)::int as links from public.gallery_links where album_id = $1', [
        albumId,
      ]),
    ).toEqual([{ links: 0 }]);
  });
});
