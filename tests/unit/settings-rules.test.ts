import { describe, expect, it } from 'vitest';
import {
  canDeleteAdmin,
  canManageAdmins,
  resetTargets,
  visibleAdmins,
} from '@/features/admin-settings/admin-permissions';
import { deviceLabel } from '@/features/admin-settings/device-label';
import { footerContent } from '@/features/admin-settings/footer-content';
import { parseExpiryDays } from '@/features/admin-settings/link-defaults';
import {
  addAdminSchema,
  changePasswordSchema,
  resetPasswordSchema,
} from '@/features/admin-settings/password-rules';
import {
  formToProfile,
  overlayProfile,
  profileSchema,
  profileToForm,
} from '@/features/admin-settings/profile-form';
import type { OutboxItem } from '@/offline/outbox/registry';

/** The validation messages a schema gives, by field. */
function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('password rules (SPEC §5)', () => {
  it('needs the current password, at least 6 characters, and a matching confirmation', () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'old-pass',
        newPassword: 'new-pass-1',
        confirmPassword: 'new-pass-1',
      }).success,
    ).toBe(true);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'new-pass-1',
          confirmPassword: 'new-pass-2',
        }),
      ),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: '12345',
          confirmPassword: '12345',
        }),
      ),
    ).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: '123456',
          confirmPassword: '123456',
        }),
      ),
    ).toEqual({
      currentPassword: 'Current password is required',
    });
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'x',
        newPassword: '123456',
        confirmPassword: '123456',
      }).success,
    ).toBe(true);
  });

  it('refuses passwords bcrypt would truncate (over 72 bytes)', () => {
    const long = 'é'.repeat(37); // 74 bytes
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'x',
          newPassword: long,
          confirmPassword: long,
        }),
      ),
    ).toEqual({
      newPassword: 'Password must be at most 72 bytes',
    });
  });

  it('applies the same rules to a reset, which also needs a chosen admin', () => {
    expect(
      messages(
        resetPasswordSchema.safeParse({
          username: '',
          newPassword: 'abcdef',
          confirmPassword: 'abcdef',
        }),
      ),
    ).toEqual({
      username: 'Choose an admin user',
    });
    expect(
      messages(
        resetPasswordSchema.safeParse({
          username: 'bruno',
          newPassword: 'abcdef',
          confirmPassword: 'abcdeg',
        }),
      ),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('lower-cases and checks a new admin username like the server does', () => {
    const parsed = addAdminSchema.safeParse({
      username: '  Bruno ',
      newPassword: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(parsed.success && parsed.data.username).toBe('bruno');
    expect(
      messages(
        addAdminSchema.safeParse({
          username: '',
          newPassword: 'secret1',
          confirmPassword: 'secret1',
        }),
      ),
    ).toEqual({
      username: 'Username is required',
    });
    expect(
      messages(
        addAdminSchema.safeParse({
          username: 'a b',
          newPassword: 'secret1',
          confirmPassword: 'secret1',
        }),
      ),
    ).toEqual({
      username: 'Username must be 3 to 32 letters, digits, dots, dashes or underscores',
    });
    expect(
      messages(
        addAdminSchema.safeParse({
          username: 'bruno',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
  });
});

describe('default expiry days (SPEC §5, §9)', () => {
  it('accepts whole days from 1 to 365', () => {
    expect(parseExpiryDays('1')).toEqual({ ok: true, days: 1 });
    expect(parseExpiryDays(' 365 ')).toEqual({ ok: true, days: 365 });
    expect(parseExpiryDays('14')).toEqual({ ok: true, days: 14 });
  });
  it('falls back to 30 when the value is not a number', () => {
    expect(parseExpiryDays('')).toEqual({ ok: true, days: 30 });
    expect(parseExpiryDays('abc')).toEqual({ ok: true, days: 30 });
    expect(parseExpiryDays('Infinity')).toEqual({ ok: true, days: 30 });
  });
  it('refuses values out of range or with a fraction, saying why', () => {
    expect(parseExpiryDays('0')).toEqual({
      ok: false,
      error: 'Default expiry must be between 1 and 365 days',
    });
    expect(parseExpiryDays('366')).toEqual({
      ok: false,
      error: 'Default expiry must be between 1 and 365 days',
    });
    expect(parseExpiryDays('-5')).toEqual({
      ok: false,
      error: 'Default expiry must be between 1 and 365 days',
    });
    expect(parseExpiryDays('7.5')).toEqual({
      ok: false,
      error: 'Default expiry must be a whole number of days',
    });
  });
});

describe('the footer preview', () => {
  it('is generated from the profile: site name, tagline, social links and the copyright line', () => {
    const footer = footerContent(
      {
        site_name: 'Willow & Light',
        subtitle: 'Quiet moments',
        social_instagram: 'https://instagram.com/willow',
        social_facebook: null,
        social_twitter: '  ',
        social_linkedin: 'linkedin.com/in/willow',
        social_website: 'javascript:alert(1)',
      },
      2031,
    );
    expect(footer.siteName).toBe('Willow & Light');
    expect(footer.tagline).toBe('Quiet moments');
    expect(footer.copyright).toBe('© 2031 Willow & Light');
    expect(footer.links).toEqual([
      {
        key: 'social_instagram',
        label: 'Instagram',
        text: 'https://instagram.com/willow',
        href: 'https://instagram.com/willow',
      },
      {
        key: 'social_linkedin',
        label: 'LinkedIn',
        text: 'linkedin.com/in/willow',
        href: undefined,
      },
      { key: 'social_website', label: 'Website', text: 'javascript:alert(1)', href: undefined },
    ]);
  });
  it('uses a default site name and no tagline when the profile has none', () => {
    expect(footerContent(null, 2030)).toEqual({
      siteName: 'Photography Portfolio',
      tagline: null,
      links: [],
      copyright: '© 2030 Photography Portfolio',
    });
  });
  it('only lets web addresses that pass the URL rule become links', () => {
    const links = (value: string) => footerContent({ social_website: value }, 2030).links[0]?.href;
    expect(links('http://example.com/a')).toBe('http://example.com/a');
    expect(links('mailto:a@b.c')).toBeUndefined();
    expect(links('not a url')).toBeUndefined();
    expect(links('https://good.example@evil.example/')).toBeUndefined();
    expect(links('https:\\\\evil.example')).toBeUndefined();
  });
  it('asks for a full web address in the social links before saving', () => {
    const form = {
      ...profileToForm(null),
      social_instagram: 'javascript:alert(1)',
      social_website: 'https://studio.example',
    };
    const result = profileSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['social_instagram', 'Enter a full address starting with https://'],
    ]);
  });
});

describe('signed-in devices', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['node', 'Unknown device'],
    [null, 'Unknown device'],
  ])('names %s as %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});

describe('who sees which account-security buttons (SPEC §6)', () => {
  const users = [{ username: 'admin' }, { username: 'anna' }, { username: 'bruno' }];
  it('shows Add Admin and Reset Password to the superuser only', () => {
    expect(canManageAdmins('admin')).toBe(true);
    expect(canManageAdmins('anna')).toBe(false);
    expect(canManageAdmins(null)).toBe(false);
  });
  it('lets the superuser delete others, never the superuser or themself; others delete nobody', () => {
    expect(canDeleteAdmin('admin', 'anna')).toBe(true);
    expect(canDeleteAdmin('admin', 'admin')).toBe(false);
    expect(canDeleteAdmin('anna', 'bruno')).toBe(false);
    expect(canDeleteAdmin('anna', 'anna')).toBe(false);
    expect(canDeleteAdmin('anna', 'admin')).toBe(false);
  });
  it('lists reset targets without the superuser and the signed-in admin', () => {
    expect(resetTargets(users, 'admin').map((user) => user.username)).toEqual(['anna', 'bruno']);
    expect(resetTargets(users, 'anna').map((user) => user.username)).toEqual(['bruno']);
  });
  it('hides the superuser from other admins', () => {
    expect(visibleAdmins(users, 'admin')).toHaveLength(3);
    expect(visibleAdmins(users, 'anna').map((user) => user.username)).toEqual(['anna', 'bruno']);
  });
});

describe('the profile form', () => {
  it('saves trimmed text and empty fields as null (SPEC §5)', () => {
    const values = {
      ...profileToForm(null),
      site_name: '  Willow  ',
      social_instagram: 'https://instagram.com/w',
      subtitle: '   ',
    };
    expect(formToProfile(values)).toEqual({
      site_name: 'Willow',
      subtitle: null,
      logo_url: null,
      social_instagram: 'https://instagram.com/w',
      social_facebook: null,
      social_twitter: null,
      social_linkedin: null,
      social_website: null,
    });
  });
  it('shows a save still waiting in the outbox over the server row', () => {
    const server = {
      ...profileToForm(null),
      id: 'p1',
      site_name: 'Old',
      subtitle: 'Kept',
      created_at: '',
      updated_at: '',
    };
    const item = { kind: 'profile.save', payload: { site_name: 'New' } } as OutboxItem;
    expect(overlayProfile(server, [item])).toMatchObject({
      id: 'p1',
      site_name: 'New',
      subtitle: 'Kept',
    });
    expect(overlayProfile(null, [])).toBeNull();
  });
});
