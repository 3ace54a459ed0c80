import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { LinkDefaultKey } from './database.types';
import { unwrap } from './errors';

/** SPEC §9: new client links expire after 30 days by default, 1 to 365 allowed. */
export const DEFAULT_EXPIRY_DAYS = 30;
export const MIN_EXPIRY_DAYS = 1;
export const MAX_EXPIRY_DAYS = 365;

/** The photographer's starting values for every new client link (Settings, kept on the server). */
export interface LinkDefaults {
  requirePasscode: boolean;
  allowDownloads: boolean;
  expiryDays: number;
}

/** SPEC §9: no passcode, downloads allowed, 30 days; what a site that never saved defaults uses. */
export const INITIAL_LINK_DEFAULTS: LinkDefaults = {
  requirePasscode: false,
  allowDownloads: true,
  expiryDays: DEFAULT_EXPIRY_DAYS,
};

const LINK_DEFAULT_KEYS: LinkDefaultKey[] = [
  'link_require_passcode',
  'link_allow_downloads',
  'link_expiry_days',
];

/** The stored rows as defaults; a missing or unreadable row keeps its initial value. */
export function linkDefaultsFromRows(
  rows: ReadonlyArray<{ setting_key: string; setting_value: string | null }>,
): LinkDefaults {
  const value = new Map(rows.map((row) => [row.setting_key, row.setting_value]));
  const flag = (key: LinkDefaultKey, fallback: boolean) =>
    value.get(key) === 'true' ? true : value.get(key) === 'false' ? false : fallback;
  const days = Number(value.get('link_expiry_days'));
  return {
    requirePasscode: flag('link_require_passcode', INITIAL_LINK_DEFAULTS.requirePasscode),
    allowDownloads: flag('link_allow_downloads', INITIAL_LINK_DEFAULTS.allowDownloads),
    expiryDays:
      Number.isInteger(days) && days >= MIN_EXPIRY_DAYS && days <= MAX_EXPIRY_DAYS
        ? days
        : INITIAL_LINK_DEFAULTS.expiryDays,
  };
}

/** select site_settings' link rows, which row-level security shows to admins only. */
export async function readLinkDefaults(backend: Backend): Promise<LinkDefaults> {
  const rows = unwrap(
    await backend.adminClient
      .from('site_settings')
      .select('setting_key, setting_value')
      .in('setting_key', LINK_DEFAULT_KEYS),
  );
  return linkDefaultsFromRows(rows);
}

/** rpc admin_save_link_defaults: saves the three at once (a replay writes the same values). */
export async function saveLinkDefaults(backend: Backend, defaults: LinkDefaults): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_save_link_defaults', {
      ...authPair(backend),
      p_require_passcode: defaults.requirePasscode,
      p_allow_downloads: defaults.allowDownloads,
      p_expiry_days: defaults.expiryDays,
    }),
  );
}
