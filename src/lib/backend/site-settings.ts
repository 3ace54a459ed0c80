import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { PublicBackend } from './public-client';
import type { SiteSettingKey } from './database.types';
import { unwrap } from './errors';

export type SiteSettings = Partial<Record<SiteSettingKey, string | null>>;

/** read site_settings: all key/value rows as one object. */
export async function readSiteSettings(backend: PublicBackend): Promise<SiteSettings> {
  const db = await backend.publicClient();
  const rows = unwrap(
    await db.from('site_settings').select('setting_key, setting_value').retry(false),
  );
  return Object.fromEntries(rows.map((row) => [row.setting_key, row.setting_value]));
}

/** rpc admin_update_site_settings: saves every setting at once. */
export async function saveSiteSettings(backend: Backend, settings: SiteSettings): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_update_site_settings', {
      ...authPair(backend),
      p_settings: settings,
    }),
  );
}
