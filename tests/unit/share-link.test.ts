import { describe, expect, it } from 'vitest';
import { INITIAL_LINK_DEFAULTS, linkDefaultsFromRows } from '@/lib/backend/link-defaults';
import {
  generatePasscode,
  isUsableLink,
  newestUsableLink,
  newLinkValues,
  PASSCODE_PATTERN,
  shareMessage,
} from '@/lib/share-link';

describe('the share message', () => {
  it('gives the link, the passcode and the last day', () => {
    expect(
      shareMessage({
        url: 'https://studio.example/client/tok',
        passcode: '1234',
        expiresAt: new Date(2026, 11, 24, 23, 59, 59, 999).toISOString(),
      }),
    ).toBe(
      'Your photos are ready: https://studio.example/client/tok\nPasscode: 1234\nThis link works until 24 December 2026.',
    );
  });

  it('leaves out the lines that do not apply', () => {
    expect(
      shareMessage({ url: 'https://studio.example/client/tok', passcode: null, expiresAt: null }),
    ).toBe('Your photos are ready: https://studio.example/client/tok');
  });
});

describe('a new link from the saved defaults', () => {
  const today = new Date(2026, 10, 25, 9, 30);

  it('lasts the default days, to the end of the last day', () => {
    const values = newLinkValues(INITIAL_LINK_DEFAULTS, today);
    expect(values).toEqual({
      passcode: null,
      allowDownloads: true,
      expiresAt: new Date(2026, 11, 25, 23, 59, 59, 999).toISOString(),
    });
  });

  it('gets a fresh passcode when the defaults require one, and downloads as they say', () => {
    const values = newLinkValues(
      { requirePasscode: true, allowDownloads: false, expiryDays: 7 },
      today,
      () => '048213',
    );
    expect(values).toEqual({
      passcode: '048213',
      allowDownloads: false,
      expiresAt: new Date(2026, 11, 2, 23, 59, 59, 999).toISOString(),
    });
  });

  it('makes passcodes of 6 digits within the rule, leading zeros kept', () => {
    expect(generatePasscode((values) => values.fill(10))).toBe('000000');
    expect(generatePasscode((values) => values.map((_, index) => index + 1))).toBe('123456');
    for (let i = 0; i < 50; i += 1) expect(generatePasscode()).toMatch(PASSCODE_PATTERN);
  });

  it('reads the stored rows, keeping the initial value of a missing or broken one', () => {
    expect(linkDefaultsFromRows([])).toEqual(INITIAL_LINK_DEFAULTS);
    expect(
      linkDefaultsFromRows([
        { setting_key: 'link_require_passcode', setting_value: 'true' },
        { setting_key: 'link_allow_downloads', setting_value: 'false' },
        { setting_key: 'link_expiry_days', setting_value: '14' },
      ]),
    ).toEqual({ requirePasscode: true, allowDownloads: false, expiryDays: 14 });
    expect(
      linkDefaultsFromRows([{ setting_key: 'link_expiry_days', setting_value: '900' }]).expiryDays,
    ).toBe(30);
  });
});

describe('the link Share reuses', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const link = (
    id: string,
    fields: Partial<{
      album_id: string;
      is_active: boolean;
      expires_at: string | null;
      created_at: string;
    }>,
  ) => ({
    id,
    album_id: 'album-1',
    is_active: true,
    expires_at: null,
    created_at: '2026-11-20T10:00:00Z',
    ...fields,
  });

  it('is the newest active, unexpired link of the collection', () => {
    const links = [
      link('older', { created_at: '2026-11-01T10:00:00Z' }),
      link('newest', { created_at: '2026-11-24T10:00:00Z' }),
      link('inactive', { is_active: false, created_at: '2026-11-25T10:00:00Z' }),
      link('expired', { expires_at: '2026-11-24T23:59:59Z', created_at: '2026-11-25T11:00:00Z' }),
      link('other album', { album_id: 'album-2', created_at: '2026-11-25T11:30:00Z' }),
    ];
    expect(newestUsableLink(links, 'album-1', now)?.id).toBe('newest');
    expect(newestUsableLink(links, 'album-3', now)).toBeUndefined();
  });

  it('counts a link usable through its expiry moment', () => {
    expect(isUsableLink({ is_active: true, expires_at: '2026-11-25T12:00:00Z' }, now)).toBe(true);
    expect(isUsableLink({ is_active: true, expires_at: '2026-11-25T11:59:59Z' }, now)).toBe(false);
  });
});
