/**
 * Every table × select/insert/update/delete × {anonymous, forged token, expired session,
 * signed-in admin}: what each caller may see and change, checked against what the database
 * then holds (docs/architecture.md §4).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCredentials, BackendClient } from '@/lib/backend/client';
import { backendAs, insertAlbum, insertPhoto, signedInAdmin, sql, uniqueName } from './helpers';

type TableName =
  | 'admin_credentials'
  | 'photographer_profile'
  | 'albums'
  | 'photos'
  | 'public_galleries'
  | 'public_gallery_photos'
  | 'gallery_links'
  | 'page_content'
  | 'service_packages'
  | 'testimonials'
  | 'site_settings';

const fixture = {} as {
  privateAlbum: string;
  publicAlbum: string;
  privatePhoto: string;
  curatedPhoto: string;
  publicPhoto: string;
  activeGallery: string;
  inactiveGallery: string;
  link: string;
  activeSection: string;
  inactiveSection: string;
  activeService: string;
  inactiveService: string;
  activeTestimonial: string;
  inactiveTestimonial: string;
  admin: AdminCredentials;
  expired: AdminCredentials;
};

beforeAll(async () => {
  fixture.privateAlbum = await insertAlbum({ is_public: false });
  fixture.publicAlbum = await insertAlbum({ is_public: true });
  fixture.privatePhoto = await insertPhoto(fixture.privateAlbum);
  fixture.curatedPhoto = await insertPhoto(fixture.privateAlbum);
  fixture.publicPhoto = await insertPhoto(fixture.publicAlbum);
  const galleries = await sql<{ id: string }>(
    `insert into public.public_galleries (title, is_active) values ('Active', true), ('Inactive', false) returning id`,
  );
  fixture.activeGallery = galleries[0]!.id;
  fixture.inactiveGallery = galleries[1]!.id;
  await sql(
    `insert into public.public_gallery_photos (public_gallery_id, photo_id) values ($1, $2), ($3, $4)`,
    [fixture.activeGallery, fixture.curatedPhoto, fixture.inactiveGallery, fixture.privatePhoto],
  );
  fixture.link = (
    await sql<{ id: string }>(
      `insert into public.gallery_links (album_id, access_token, passcode) values ($1, $2, '2468') returning id`,
      [fixture.privateAlbum, `tok_${crypto.randomUUID().replaceAll('-', '')}`],
    )
  )[0]!.id;
  fixture.activeSection = (
    await sql<{ id: string }>(`select id from public.page_content where section_name = 'hero'`)
  )[0]!.id;
  fixture.inactiveSection = (
    await sql<{ id: string }>(
      `insert into public.page_content (section_name, title, is_active) values ('contact', 'Hidden', false) returning id`,
    )
  )[0]!.id;
  const services = await sql<{ id: string }>(
    `insert into public.service_packages (name, is_active) values ('Shown', true), ('Hidden', false) returning id`,
  );
  fixture.activeService = services[0]!.id;
  fixture.inactiveService = services[1]!.id;
  const testimonials = await sql<{ id: string }>(
    `insert into public.testimonials (client_name, quote, is_active) values ('Shown', 'Kind words', true), ('Hidden', 'Draft', false) returning id`,
  );
  fixture.activeTestimonial = testimonials[0]!.id;
  fixture.inactiveTestimonial = testimonials[1]!.id;

  fixture.admin = await signedInAdmin();
  const expired = await signedInAdmin();
  await sql(
    `update private.admin_sessions s set expires_at = now() - interval '1 minute'
       from public.admin_credentials a where s.admin_id = a.id and a.username = $1`,
    [expired.username],
  );
  fixture.expired = expired;
});

const ids = (rows: Array<{ id: string }> | null) => (rows ?? []).map((row) => row.id).sort();

async function visibleIds(
  client: BackendClient,
  table: TableName,
  candidates: string[],
): Promise<string[]> {
  const { data, error } = await client.from(table).select('id').in('id', candidates);
  expect(error).toBeNull();
  return ids(data);
}

/** A snapshot of every row the write attempts could touch, to prove refused writes changed nothing. */
async function snapshot() {
  return sql(`
    select
      (select json_agg(a order by a.id) from public.albums a) as albums,
      (select json_agg(p order by p.id) from public.photos p) as photos,
      (select json_agg(g order by g.id) from public.public_galleries g) as galleries,
      (select json_agg(gp order by gp.id) from public.public_gallery_photos gp) as gallery_photos,
      (select json_agg(l order by l.id) from public.gallery_links l) as links,
      (select json_agg(c order by c.id) from public.page_content c) as content,
      (select json_agg(s order by s.id) from public.service_packages s) as services,
      (select json_agg(t order by t.id) from public.testimonials t) as testimonials,
      (select json_agg(pr order by pr.id) from public.photographer_profile pr) as profile,
      (select json_agg(st order by st.id) from public.site_settings st) as settings,
      (select json_agg(json_build_object('id', ac.id, 'username', ac.username, 'hash', ac.password_hash) order by ac.id)
         from public.admin_credentials ac) as admins`);
}

const TABLES: TableName[] = [
  'admin_credentials',
  'photographer_profile',
  'albums',
  'photos',
  'public_galleries',
  'public_gallery_photos',
  'gallery_links',
  'page_content',
  'service_packages',
  'testimonials',
  'site_settings',
];

/** Every write an outsider might try, each aimed at an existing row. */
function writeAttempts(c: BackendClient) {
  return [
    c.from('albums').insert({ name: 'x' } as never),
    c
      .from('albums')
      .update({ name: 'x' } as never)
      .eq('id', fixture.publicAlbum),
    c.from('albums').delete().eq('id', fixture.publicAlbum),
    c
      .from('photos')
      .update({ original_filename: 'x' } as never)
      .eq('id', fixture.publicPhoto),
    c.from('photos').delete().eq('id', fixture.publicPhoto),
    c.from('public_galleries').insert({ title: 'x' } as never),
    c
      .from('public_galleries')
      .update({ is_active: true } as never)
      .eq('id', fixture.inactiveGallery),
    c.from('public_galleries').delete().eq('id', fixture.activeGallery),
    c.from('public_gallery_photos').insert({
      public_gallery_id: fixture.activeGallery,
      photo_id: fixture.privatePhoto,
    } as never),
    c.from('public_gallery_photos').delete().eq('public_gallery_id', fixture.activeGallery),
    c
      .from('gallery_links')
      .insert({ album_id: fixture.privateAlbum, access_token: `x${'a'.repeat(40)}` }),
    c.from('gallery_links').update({ passcode: null }).eq('id', fixture.link),
    c.from('gallery_links').delete().eq('id', fixture.link),
    c.from('page_content').insert({ section_name: 'cta', title: 'x' }),
    c.from('page_content').update({ title: 'x' }).eq('id', fixture.activeSection),
    c.from('page_content').delete().eq('id', fixture.activeSection),
    c.from('service_packages').insert({ name: 'x' }),
    c.from('service_packages').update({ name: 'x' }).eq('id', fixture.activeService),
    c.from('service_packages').delete().eq('id', fixture.activeService),
    c.from('testimonials').insert({ client_name: 'x', quote: 'x' }),
    c.from('testimonials').update({ quote: 'x' }).eq('id', fixture.activeTestimonial),
    c.from('testimonials').update({ is_active: true }).eq('id', fixture.inactiveTestimonial),
    c.from('testimonials').delete().eq('id', fixture.activeTestimonial),
    c.from('photographer_profile').insert({ site_name: 'x' }),
    c.from('photographer_profile').update({ site_name: 'Hacked' }).not('id', 'is', null),
    c.from('photographer_profile').delete().not('id', 'is', null),
    c
      .from('site_settings')
      .update({ setting_value: '#000000' } as never)
      .eq('setting_key', 'primary_color'),
    c.from('site_settings').delete().eq('setting_key', 'primary_color'),
    c.from('admin_credentials').insert({ username: 'intruder', password_hash: 'x' } as never),
    c
      .from('admin_credentials')
      .update({ password_hash: 'x' } as never)
      .eq('username', 'admin'),
    c.from('admin_credentials').delete().eq('username', 'admin'),
  ];
}

describe.each([
  [
    'a caller with a forged token',
    () => ({ username: fixture.admin.username, token: 'forged-token' }),
  ],
  ['a caller with an expired session', () => fixture.expired],
])('%s', (_label, credentials) => {
  const client = () => backendAs(credentials()).adminClient;

  it("is refused with 'Not authenticated' on every table, reading or writing, and changes nothing", async () => {
    for (const table of TABLES) {
      const { data, error, status } = await client().from(table).select('id').limit(1);
      expect({ table, data, status, message: error?.message }).toEqual({
        table,
        data: null,
        status: 401,
        message: 'Not authenticated',
      });
    }
    const before = await snapshot();
    for (const attempt of writeAttempts(client())) {
      const { error, status } = await attempt;
      expect({ status, message: error?.message }).toEqual({
        status: 401,
        message: 'Not authenticated',
      });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('an anonymous caller', () => {
  const client = () => backendAs(null).adminClient;

  it('reads only public albums, photos of public albums and active galleries, active galleries and their photos', async () => {
    expect(
      await visibleIds(client(), 'albums', [fixture.privateAlbum, fixture.publicAlbum]),
    ).toEqual([fixture.publicAlbum]);
    expect(
      await visibleIds(client(), 'photos', [
        fixture.privatePhoto,
        fixture.curatedPhoto,
        fixture.publicPhoto,
      ]),
    ).toEqual([fixture.curatedPhoto, fixture.publicPhoto].sort());
    expect(
      await visibleIds(client(), 'public_galleries', [
        fixture.activeGallery,
        fixture.inactiveGallery,
      ]),
    ).toEqual([fixture.activeGallery]);
    const { data: memberships } = await client()
      .from('public_gallery_photos')
      .select('photo_id')
      .in('public_gallery_id', [fixture.activeGallery, fixture.inactiveGallery]);
    expect(memberships).toEqual([{ photo_id: fixture.curatedPhoto }]);
  });

  it('reads active content, services and testimonials, the profile and the settings, and no links or admins', async () => {
    expect(
      await visibleIds(client(), 'page_content', [fixture.activeSection, fixture.inactiveSection]),
    ).toEqual([fixture.activeSection]);
    expect(
      await visibleIds(client(), 'service_packages', [
        fixture.activeService,
        fixture.inactiveService,
      ]),
    ).toEqual([fixture.activeService]);
    expect(
      await visibleIds(client(), 'testimonials', [
        fixture.activeTestimonial,
        fixture.inactiveTestimonial,
      ]),
    ).toEqual([fixture.activeTestimonial]);
    expect((await client().from('photographer_profile').select('id')).data).toHaveLength(1);
    expect((await client().from('site_settings').select('setting_key')).data).toHaveLength(14);
    expect((await client().from('gallery_links').select('id')).data).toEqual([]);
    expect(
      (await client().from('admin_credentials').select('id, username, created_at')).data,
    ).toEqual([]);
  });

  it('cannot insert, update or delete a single row anywhere', async () => {
    const before = await snapshot();
    const attempts = writeAttempts(client());
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      // Either refused outright (no privilege / policy) or nothing matched the policy.
      expect(error ? [401, 403].includes(status) : [200, 201, 204].includes(status)).toBe(true);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('a signed-in admin', () => {
  const client = () => backendAs(fixture.admin).adminClient;

  it('reads every row, public or not', async () => {
    expect(
      await visibleIds(client(), 'albums', [fixture.privateAlbum, fixture.publicAlbum]),
    ).toHaveLength(2);
    expect(
      await visibleIds(client(), 'photos', [
        fixture.privatePhoto,
        fixture.curatedPhoto,
        fixture.publicPhoto,
      ]),
    ).toHaveLength(3);
    expect(
      await visibleIds(client(), 'public_galleries', [
        fixture.activeGallery,
        fixture.inactiveGallery,
      ]),
    ).toHaveLength(2);
    expect(await visibleIds(client(), 'gallery_links', [fixture.link])).toEqual([fixture.link]);
    expect(
      await visibleIds(client(), 'page_content', [fixture.activeSection, fixture.inactiveSection]),
    ).toHaveLength(2);
    expect(
      await visibleIds(client(), 'service_packages', [
        fixture.activeService,
        fixture.inactiveService,
      ]),
    ).toHaveLength(2);
    expect(
      await visibleIds(client(), 'testimonials', [
        fixture.activeTestimonial,
        fixture.inactiveTestimonial,
      ]),
    ).toHaveLength(2);
    const { data: link } = await client()
      .from('gallery_links')
      .select('passcode')
      .eq('id', fixture.link)
      .single();
    expect(link).toEqual({ passcode: '2468' });
  });

  it('creates, edits and deletes client links, but never moves a link to another album', async () => {
    const { data: token } = await client().rpc('generate_access_token');
    const id = crypto.randomUUID();
    const created = await client().from('gallery_links').insert({
      id,
      album_id: fixture.privateAlbum,
      access_token: token!,
      passcode: '1234',
      allow_downloads: false,
    });
    expect(created.error).toBeNull();
    expect(
      await sql(
        'select passcode, allow_downloads, is_active from public.gallery_links where id = $1',
        [id],
      ),
    ).toEqual([{ passcode: '1234', allow_downloads: false, is_active: true }]);

    expect(
      (
        await client()
          .from('gallery_links')
          .update({ is_active: false, passcode: null })
          .eq('id', id)
      ).error,
    ).toBeNull();
    const moved = await client()
      .from('gallery_links')
      .update({ album_id: fixture.publicAlbum } as never)
      .eq('id', id);
    expect(moved.error?.code).toBe('42501');
    expect(
      await sql('select album_id, passcode, is_active from public.gallery_links where id = $1', [
        id,
      ]),
    ).toEqual([{ album_id: fixture.privateAlbum, passcode: null, is_active: false }]);

    expect((await client().from('gallery_links').delete().eq('id', id)).error).toBeNull();
    expect(await sql('select 1 from public.gallery_links where id = $1', [id])).toEqual([]);
  });

  it('creates, edits, toggles and deletes page sections, but never renames a section', async () => {
    const id = crypto.randomUUID();
    expect(
      (
        await client()
          .from('page_content')
          .insert({ id, section_name: 'services', title: 'Sessions' })
      ).error,
    ).toBeNull();
    expect(
      (
        await client()
          .from('page_content')
          .update({ title: 'Our sessions', is_active: false })
          .eq('id', id)
      ).error,
    ).toBeNull();
    const renamed = await client()
      .from('page_content')
      .update({ section_name: 'cta' } as never)
      .eq('id', id);
    expect(renamed.error?.code).toBe('42501');
    expect(
      await sql('select section_name, title, is_active from public.page_content where id = $1', [
        id,
      ]),
    ).toEqual([{ section_name: 'services', title: 'Our sessions', is_active: false }]);
    expect((await client().from('page_content').delete().eq('id', id)).error).toBeNull();
    expect(await sql('select 1 from public.page_content where id = $1', [id])).toEqual([]);
  });

  it('creates, edits and deletes service packages', async () => {
    const id = crypto.randomUUID();
    const name = uniqueName('Elopement');
    expect(
      (
        await client()
          .from('service_packages')
          .insert({ id, name, features: ['All day', 'Drone'] })
      ).error,
    ).toBeNull();
    expect(
      (
        await client()
          .from('service_packages')
          .update({ is_active: false, icon_name: 'Star' })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(
      await sql(
        'select name, features, icon_name, is_active from public.service_packages where id = $1',
        [id],
      ),
    ).toEqual([{ name, features: ['All day', 'Drone'], icon_name: 'Star', is_active: false }]);
    expect((await client().from('service_packages').delete().eq('id', id)).error).toBeNull();
    expect(await sql('select 1 from public.service_packages where id = $1', [id])).toEqual([]);
  });

  it('creates, edits and deletes testimonials', async () => {
    const id = crypto.randomUUID();
    const name = uniqueName('Emma');
    expect(
      (
        await client()
          .from('testimonials')
          .insert({ id, client_name: name, quote: 'Lovely', sort_order: 2 })
      ).error,
    ).toBeNull();
    expect(
      (
        await client()
          .from('testimonials')
          .update({ is_active: false, quote: 'Truly lovely' })
          .eq('id', id)
      ).error,
    ).toBeNull();
    expect(
      await sql(
        'select client_name, quote, is_active, sort_order from public.testimonials where id = $1',
        [id],
      ),
    ).toEqual([{ client_name: name, quote: 'Truly lovely', is_active: false, sort_order: 2 }]);
    expect((await client().from('testimonials').delete().eq('id', id)).error).toBeNull();
    expect(await sql('select 1 from public.testimonials where id = $1', [id])).toEqual([]);
  });

  it('edits the single profile row but cannot add a second one or delete it', async () => {
    const [before] = await sql<{ site_name: string }>(
      'select site_name from public.photographer_profile',
    );
    const updated = await client()
      .from('photographer_profile')
      .update({ site_name: 'Admin Edit' })
      .not('id', 'is', null);
    expect(updated.error).toBeNull();
    expect(await sql('select site_name from public.photographer_profile')).toEqual([
      { site_name: 'Admin Edit' },
    ]);
    expect(
      (await client().from('photographer_profile').insert({ site_name: 'Second' })).error?.code,
    ).toBe('23505');
    expect(
      (await client().from('photographer_profile').delete().not('id', 'is', null)).error?.code,
    ).toBe('42501');
    await sql('update public.photographer_profile set site_name = $1', [before!.site_name]);
  });

  it('changes albums, photos, galleries, settings and admins only through the RPCs', async () => {
    const before = await snapshot();
    const c = client();
    const attempts = [
      c.from('albums').insert({ name: 'x' } as never),
      c
        .from('albums')
        .update({ name: 'x' } as never)
        .eq('id', fixture.publicAlbum),
      c.from('albums').delete().eq('id', fixture.publicAlbum),
      c.from('photos').delete().eq('id', fixture.publicPhoto),
      c.from('public_galleries').delete().eq('id', fixture.activeGallery),
      c.from('public_gallery_photos').delete().eq('public_gallery_id', fixture.activeGallery),
      c
        .from('site_settings')
        .update({ setting_value: '#000000' } as never)
        .eq('setting_key', 'primary_color'),
      c
        .from('admin_credentials')
        .update({ password_hash: 'x' } as never)
        .eq('username', 'admin'),
    ];
    for (const attempt of attempts) expect((await attempt).error?.code).toBe('42501');
    expect(await snapshot()).toEqual(before);
  });
});
