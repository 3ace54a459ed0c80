import { describe, expect, it } from 'vitest';
import {
  initialLinkValues,
  linkFormSchema,
  linkFormSchemaFor,
  toLinkSettings,
  toLinkUpdate,
  type LinkFormValues,
} from '@/features/admin-links/link-form';
import {
  defaultExpiryDate,
  expiresIn,
  expiryFromDateInput,
  isDateInput,
  isExpired,
  toDateInput,
} from '@/features/admin-links/link-rules';
import type { ShownLink } from '@/features/admin-links/links-overlay';
import { adminLink } from './link-fixture';

describe('isExpired (SPEC §4: expires_at earlier than now)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('is expired only when the moment has passed', () => {
    expect(isExpired('2026-11-22T11:59:59Z', now)).toBe(true);
    expect(isExpired('2026-11-22T12:00:01Z', now)).toBe(false);
    expect(isExpired('2026-11-22T12:00:00Z', now)).toBe(false);
  });
  it('never expires without a date', () => {
    expect(isExpired(null, now)).toBe(false);
  });
});

describe('expiry dates', () => {
  it('prefills 30 days from today (SPEC §9), across month and year ends', () => {
    expect(defaultExpiryDate(new Date(2026, 10, 22, 15, 30))).toBe('2026-12-22');
    expect(defaultExpiryDate(new Date(2026, 11, 15))).toBe('2027-01-14');
    expect(defaultExpiryDate(new Date(2028, 1, 1))).toBe('2028-03-02');
  });

  it('stores the end of the chosen day in local time, and null when empty', () => {
    const stored = expiryFromDateInput('2026-12-22');
    const moment = new Date(stored!);
    expect([
      moment.getFullYear(),
      moment.getMonth(),
      moment.getDate(),
      moment.getHours(),
      moment.getMinutes(),
    ]).toEqual([2026, 11, 22, 23, 59]);
    expect(toDateInput(moment)).toBe('2026-12-22');
    expect(expiryFromDateInput('')).toBeNull();
  });

  it('keeps the stored moment when the day did not change', () => {
    const current = new Date(2026, 11, 22, 9, 15).toISOString();
    expect(expiryFromDateInput('2026-12-22', current)).toBe(current);
    expect(expiryFromDateInput('2026-12-23', current)).not.toBe(current);
  });

  it('accepts only real days', () => {
    expect(isDateInput('2026-02-28')).toBe(true);
    expect(isDateInput('2026-02-30')).toBe(false);
    expect(isDateInput('22/12/2026')).toBe(false);
    expect(isDateInput('')).toBe(false);
  });
});

const valid: LinkFormValues = {
  albumId: 'album-1',
  requirePasscode: false,
  passcode: '',
  expiryDate: '2026-12-22',
  allowDownloads: true,
  allowFavourites: true,
  downloadSize: 'original',
};
const messages = (values: LinkFormValues) => {
  const result = linkFormSchema.safeParse(values);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the link form rules (SPEC §5)', () => {
  it('needs a collection', () => {
    expect(messages({ ...valid, albumId: '' })).toEqual(['albumId: Please select a collection']);
  });

  it('needs a passcode only when "Require passcode" is on', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, requirePasscode: true })).toEqual([
      'passcode: Passcode is required',
    ]);
    expect(messages({ ...valid, requirePasscode: true, passcode: '   ' })).toEqual([
      'passcode: Passcode is required',
    ]);
    expect(messages({ ...valid, requirePasscode: true, passcode: '1234' })).toEqual([]);
  });

  it('takes 4 to 8 digits, as the server does', () => {
    expect(messages({ ...valid, requirePasscode: true, passcode: '12345678' })).toEqual([]);
    expect(messages({ ...valid, requirePasscode: true, passcode: '0000' })).toEqual([]);
    for (const refused of ['123456789', '123', 'abcd', '12 34']) {
      expect(messages({ ...valid, requirePasscode: true, passcode: refused })).toEqual([
        'passcode: Passcode must be 4 to 8 digits',
      ]);
    }
  });

  it("keeps an edited link's own passcode made under the older rule", () => {
    const editing = (values: LinkFormValues) => linkFormSchemaFor('abc').safeParse(values).success;
    expect(editing({ ...valid, requirePasscode: true, passcode: 'abc' })).toBe(true);
    expect(editing({ ...valid, requirePasscode: true, passcode: 'abcd' })).toBe(false);
  });

  it('sends no passcode when "Require passcode" is off', () => {
    expect(
      toLinkSettings({ ...valid, requirePasscode: false, passcode: '1234' }).passcode,
    ).toBeNull();
  });

  it('takes an empty expiry but not a broken one', () => {
    expect(messages({ ...valid, expiryDate: '' })).toEqual([]);
    expect(messages({ ...valid, expiryDate: '2026-13-01' })).toEqual([
      'expiryDate: Enter a valid date',
    ]);
  });

  it('starts a new link with the SPEC §9 defaults', () => {
    expect(initialLinkValues(undefined, new Date(2026, 10, 22))).toEqual({
      albumId: '',
      requirePasscode: false,
      passcode: '',
      expiryDate: '2026-12-22',
      allowDownloads: true,
      allowFavourites: true,
      downloadSize: 'original',
    });
  });

  it('starts a new link with the saved defaults, with a fresh passcode when they require one', () => {
    const defaults = { requirePasscode: true, allowDownloads: false, expiryDays: 7 };
    expect(initialLinkValues(undefined, new Date(2026, 11, 28), defaults, () => '482913')).toEqual({
      albumId: '',
      requirePasscode: true,
      passcode: '482913',
      expiryDate: '2027-01-04',
      allowDownloads: false,
      allowFavourites: true,
      downloadSize: 'original',
    });
  });

  it('starts an edit from the link as it is', () => {
    const link: ShownLink = adminLink({
      id: 'l',
      album_name: 'Rivera',
      passcode: '4321',
      allow_downloads: false,
      expires_at: new Date(2027, 0, 5, 23, 59).toISOString(),
      allow_favourites: false,
    });
    expect(initialLinkValues(link)).toEqual({
      albumId: 'album-1',
      requirePasscode: true,
      passcode: '4321',
      expiryDate: '2027-01-05',
      allowDownloads: false,
      allowFavourites: false,
      downloadSize: 'original',
    });
    expect(initialLinkValues({ ...link, passcode: null, expires_at: null })).toMatchObject({
      requirePasscode: false,
      passcode: '',
      expiryDate: '',
    });
    // An untouched edit sends back exactly what is stored, never a new album.
    const settings = toLinkSettings({ ...initialLinkValues(link), albumId: 'other' }, link);
    expect(settings.albumId).toBe('album-1');
    expect(toLinkUpdate(settings)).toEqual({
      passcode: '4321',
      allow_downloads: false,
      allow_favourites: false,
      download_size: 'original',
      expires_at: link.expires_at,
    });
  });

  it('saves empty fields as null and trims the passcode', () => {
    expect(toLinkSettings({ ...valid, passcode: '', expiryDate: '' })).toEqual({
      albumId: 'album-1',
      passcode: null,
      allowDownloads: true,
      allowFavourites: true,
      downloadSize: 'original',
      expiresAt: null,
    });
    expect(toLinkSettings({ ...valid, requirePasscode: true, passcode: ' 1234 ' }).passcode).toBe(
      '1234',
    );
  });
});

describe('how soon a link expires', () => {
  const now = new Date(2026, 10, 24, 22, 0);
  it("counts whole days as the photographer does: 'today', 'tomorrow', 'in N days'", () => {
    expect(expiresIn(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('today');
    expect(expiresIn(new Date(2026, 10, 25, 0, 1).toISOString(), now)).toBe('tomorrow');
    expect(expiresIn(new Date(2026, 11, 24, 9, 0).toISOString(), now)).toBe('in 30 days');
  });
});
