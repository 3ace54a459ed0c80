import { describe, expect, it, onTestFinished } from 'vitest';
import { createPageSection } from '@/lib/backend/page-content';
import { readProfile, saveProfile } from '@/lib/backend/profile';
import { saveSiteSettings } from '@/lib/backend/site-settings';
import { backendAs, failureOf, signedInAdmin, sql } from '../integration/helpers';
import { URL_VECTORS } from './url-vectors';

// Class 5 of docs/SECURITY.md: one URL rule for every stored URL, the same on the server as on screen.
describe('the URL rule in the database', () => {
  it.each(URL_VECTORS)(
    'answers $value like the app (link $link, image $image)',
    async ({ value, link, image }) => {
      const [row] = await sql<{ link: boolean; image: boolean }>(
        'select private.is_safe_link($1) as link, private.is_safe_image_url($1) as image',
        [value],
      );
      expect(row).toEqual({ link, image });
    },
  );

  it('refuses hostile URLs in every place an admin can store one, and keeps what was there', async () => {
    const admin = backendAs(await signedInAdmin());
    const before = await readProfile(admin);
    for (const fields of [
      { logo_url: 'javascript:alert(1)' },
      { logo_url: '//evil.example/logo.png' },
      { logo_url: 'mailto:a@b.c' },
      { social_instagram: 'javascript:alert(1)' },
      { social_website: '/\\evil.example' },
      { social_facebook: 'https://good.example@evil.example/' },
    ]) {
      const refused = await failureOf(saveProfile(admin, fields));
      expect(refused.status).toBe(400);
    }
    expect(await readProfile(admin)).toEqual(before);

    for (const section of [
      { button_link: 'javascript:alert(1)' },
      { button_link: '/\\evil.example' },
      { image_url: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { image_url: '#top' },
    ]) {
      const id = crypto.randomUUID();
      const refused = await failureOf(
        createPageSection(admin, { id, page_name: 'home', section_name: 'cta', ...section }),
      );
      expect(refused.status).toBe(400);
      expect(await sql('select 1 from public.page_content where id = $1', [id])).toEqual([]);
    }

    for (const [settings, message] of [
      [
        { hero_background_image: '//evil.example/a.jpg' },
        'The hero image must be an http(s) address or a path on this site',
      ],
      [
        { contact_value: 'javascript:alert(1)' },
        'The contact value must be an e-mail address, phone number, handle or http(s) address',
      ],
      [
        { contact_value: 'https://evil.example\\@good' },
        'The contact value must be an e-mail address, phone number, handle or http(s) address',
      ],
      [
        { contact_value: 'data:text/html,hi' },
        'The contact value must be an e-mail address, phone number, handle or http(s) address',
      ],
    ] as const) {
      const refused = await failureOf(saveSiteSettings(admin, settings));
      expect(refused.message).toBe(message);
      expect(refused.status).toBe(400);
    }
  });

  it('still takes every ordinary contact value', async () => {
    const admin = backendAs(await signedInAdmin());
    const [saved] = await sql<{ setting_value: string | null }>(
      `select setting_value from public.site_settings where setting_key = 'contact_value'`,
    );
    onTestFinished(() => saveSiteSettings(admin, { contact_value: saved?.setting_value ?? '' }));
    for (const value of [
      'hello@studio.com',
      '+44 7700 900123',
      '@studio',
      'facebook.com/studio',
      'https://studio.example/contact',
    ]) {
      await saveSiteSettings(admin, { contact_value: value });
      expect(
        await sql(
          `select setting_value from public.site_settings where setting_key = 'contact_value'`,
        ),
      ).toEqual([{ setting_value: value }]);
    }
  });
});
