import { describe, expect, it } from 'vitest';
import { sql } from './helpers';

/**
 * SPEC §7 (plus admin_logout, the optional p_id / p_passcode, p_device for the guessing throttles
 * and the session list of docs/SECURITY.md): name → parameters.
 */
const RPC_CONTRACT: Record<string, string[]> = {
  admin_login: ['p_username', 'p_password', 'p_device'],
  admin_validate_session: ['p_username', 'p_token'],
  admin_logout: ['p_username', 'p_token'],
  admin_list_sessions: ['p_username', 'p_token'],
  admin_revoke_session: ['p_username', 'p_token', 'p_session_id'],
  admin_revoke_other_sessions: ['p_username', 'p_token'],
  change_admin_password: ['p_username', 'p_token', 'p_old_password', 'p_new_password'],
  create_admin_user: ['p_username', 'p_token', 'p_new_username', 'p_new_password', 'p_id'],
  delete_admin_user: ['p_username', 'p_token', 'p_target_username'],
  admin_reset_password: ['p_admin_username', 'p_target_username', 'p_new_password', 'p_token'],
  admin_get_dashboard_stats: ['p_username', 'p_token'],
  admin_list_albums: ['p_username', 'p_token'],
  admin_list_albums_simple: ['p_username', 'p_token'],
  admin_create_album: [
    'p_username',
    'p_token',
    'p_name',
    'p_description',
    'p_id',
    'p_is_public',
    'p_visitor_downloads',
    'p_photo_layout',
  ],
  admin_update_album: [
    'p_username',
    'p_token',
    'p_album_id',
    'p_name',
    'p_description',
    'p_is_public',
    'p_visitor_downloads',
    'p_photo_layout',
  ],
  admin_delete_album: ['p_username', 'p_token', 'p_album_id'],
  admin_get_album: ['p_username', 'p_token', 'p_album_id'],
  admin_list_photos: ['p_username', 'p_token', 'p_album_id'],
  admin_add_photo: [
    'p_username',
    'p_token',
    'p_album_id',
    'p_filename',
    'p_original_filename',
    'p_file_url',
    'p_file_size',
    'p_width',
    'p_height',
    'p_mime_type',
    'p_id',
    'p_thumb_url',
    'p_preview_url',
    'p_cover_url',
  ],
  admin_delete_photo: ['p_username', 'p_token', 'p_photo_id'],
  admin_list_missing_covers: ['p_username', 'p_token'],
  admin_record_cover_rendition: ['p_username', 'p_token', 'p_photo_id', 'p_cover_url'],
  admin_list_public_galleries: ['p_username', 'p_token'],
  admin_create_public_gallery: [
    'p_username',
    'p_token',
    'p_title',
    'p_description',
    'p_is_active',
    'p_id',
    'p_visitor_downloads',
    'p_photo_layout',
  ],
  admin_update_public_gallery: [
    'p_username',
    'p_token',
    'p_gallery_id',
    'p_title',
    'p_description',
    'p_is_active',
    'p_visitor_downloads',
    'p_photo_layout',
  ],
  // Not in SPEC §7: covers and photo order (issue 20).
  admin_set_photo_caption: ['p_username', 'p_token', 'p_photo_id', 'p_caption'],
  admin_set_album_cover: ['p_username', 'p_token', 'p_album_id', 'p_photo_id'],
  admin_set_album_photo_order: ['p_username', 'p_token', 'p_album_id', 'p_photo_ids'],
  admin_add_photos_to_gallery: ['p_username', 'p_token', 'p_gallery_id', 'p_photo_ids'],
  admin_delete_public_gallery: ['p_username', 'p_token', 'p_gallery_id'],
  admin_list_gallery_links: ['p_username', 'p_token'],
  generate_access_token: [],
  admin_update_site_settings: ['p_username', 'p_token', 'p_settings'],
  // Not in SPEC §7: the kept default link settings (README, decisions; docs/SECURITY.md, "Link defaults").
  admin_save_link_defaults: [
    'p_username',
    'p_token',
    'p_require_passcode',
    'p_allow_downloads',
    'p_expiry_days',
  ],
  get_gallery_link_by_token: ['p_access_token'],
  set_gallery_context: ['access_token'],
  validate_gallery_passcode: ['p_access_token', 'p_passcode', 'p_device'],
  // p_offset and p_limit are not in SPEC §7: the page read (issue 34), both optional.
  get_album_photos_by_token: ['p_access_token', 'p_passcode', 'p_device', 'p_offset', 'p_limit'],
  // Not in SPEC §7: the grant for reading a link's originals (docs/SECURITY.md, class 6).
  get_download_grant: ['p_access_token', 'p_passcode', 'p_device'],
  // Not in SPEC §7: the client's first screen (issue 20, item 6): the cover once the link opens, and whether a link expired.
  get_album_cover_by_token: ['p_access_token', 'p_passcode', 'p_device'],
  is_gallery_link_expired: ['p_access_token'],
  // Not in SPEC §7: client favourites (issue 21; docs/SECURITY.md, "Client favourites").
  sync_favourites_by_token: [
    'p_access_token',
    'p_client_name',
    'p_add',
    'p_remove',
    'p_passcode',
    'p_device',
  ],
  admin_list_link_favourites: ['p_link_id', 'p_username', 'p_token'],
  // Not in SPEC §7: link activity (issue 21; docs/SECURITY.md, "Link activity").
  record_link_event: ['p_access_token', 'p_kind', 'p_passcode', 'p_device'],
  admin_recent_link_activity: ['p_limit', 'p_username', 'p_token'],
  // Not in SPEC §7: a computed field, a gallery photo's original for visitors when the gallery allows it.
  gallery_visitor_original: ['p_entry'],
  // Not in SPEC §7: a computed field, a public album's cover rendition for its home page card.
  album_cover_rendition: ['p_album'],
};

interface FunctionRow {
  name: string;
  args: string[] | null;
  security_definer: boolean;
  config: string[] | null;
  anon_can_execute: boolean;
  public_can_execute: boolean;
}

describe('the RPC contract of SPEC §7', () => {
  it('exposes exactly the specified functions, each with its exact parameter names', async () => {
    const rows = await sql<FunctionRow>(
      `select p.proname as name,
              (select array_agg(arg.name order by arg.position)
                 from unnest(p.proargnames, coalesce(p.proargmodes, array_fill('i'::"char", array[coalesce(cardinality(p.proargnames), 0)])))
                      with ordinality as arg (name, mode, position)
                where arg.mode in ('i', 'b', 'v')) as args
         from pg_proc p where p.pronamespace = 'public'::regnamespace`,
    );
    // Callers name their arguments, so the order of parameters is not part of the contract.
    const sorted = (names: string[]) => [...names].sort();
    const exposed = Object.fromEntries(rows.map((row) => [row.name, sorted(row.args ?? [])]));
    const expected = Object.fromEntries(
      Object.entries(RPC_CONTRACT).map(([name, args]) => [name, sorted(args)]),
    );
    expect(exposed).toEqual(expected);
  });

  it('runs every RPC as SECURITY DEFINER with an empty search_path, executable by anon but not PUBLIC', async () => {
    const rows = await sql<FunctionRow>(
      `select p.proname as name, p.prosecdef as security_definer, p.proconfig as config,
              has_function_privilege('anon', p.oid, 'execute') as anon_can_execute,
              exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                       where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_can_execute
         from pg_proc p where p.pronamespace = 'public'::regnamespace`,
    );
    for (const row of rows) {
      expect({ name: row.name, definer: row.security_definer, config: row.config }).toEqual({
        name: row.name,
        definer: true,
        // Other settings may join it (get_album_photos_by_token sets work_mem).
        config: expect.arrayContaining(['search_path=""']),
      });
      expect({
        name: row.name,
        anon: row.anon_can_execute,
        public: row.public_can_execute,
      }).toEqual({
        name: row.name,
        anon: true,
        public: false,
      });
    }
  });

  it('gives anon no function of the private schema except the policy helpers', async () => {
    const rows = await sql<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'private'::regnamespace and has_function_privilege('anon', p.oid, 'execute')
        order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'album_visitor_original',
      'is_original_object_name',
      'is_photo_object_name',
      'is_public_original',
      'is_public_photos_object_name',
      'is_safe_image_url',
      'is_safe_link',
      'is_site_path',
      'is_superuser',
      'is_web_url',
      'refuse_stale_admin_session',
      'request_admin_id',
      'request_download_album',
    ]);
  });
});

describe('the data model', () => {
  it('enables row level security on every table', async () => {
    const rows = await sql<{ table: string; rls: boolean }>(
      `select c.relnamespace::regnamespace || '.' || c.relname as table, c.relrowsecurity as rls
         from pg_class c where c.relkind = 'r' and c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
        order by 1`,
    );
    expect(rows.map((row) => row.table)).toEqual([
      'private.admin_sessions',
      'private.answer_changes',
      'private.failed_attempts',
      'private.signing_keys',
      'private.trusted_devices',
      'public.admin_credentials',
      'public.albums',
      'public.gallery_links',
      'public.link_events',
      'public.link_favourites',
      'public.page_content',
      'public.photographer_profile',
      'public.photos',
      'public.public_galleries',
      'public.public_gallery_photos',
      'public.service_packages',
      'public.site_settings',
      'public.testimonials',
    ]);
    expect(rows.filter((row) => !row.rls)).toEqual([]);
  });

  it('indexes every foreign key', async () => {
    const unindexed = await sql<{ constraint: string }>(
      `select c.conname as constraint
         from pg_constraint c
        where c.contype = 'f' and c.connamespace in ('public'::regnamespace, 'private'::regnamespace)
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey
          )`,
    );
    expect(unindexed).toEqual([]);
  });

  it('cascades: deleting an album removes its photos, links and gallery memberships', async () => {
    const [album] = await sql<{ id: string }>(
      `insert into public.albums (name) values ('cascade') returning id`,
    );
    const albumId = album!.id;
    const [photo] = await sql<{ id: string }>(
      `insert into public.photos (album_id, filename, file_url, original_filename, file_size, mime_type)
       values ($1, 'a.jpg', $2, 'a.jpg', 1, 'image/jpeg') returning id`,
      [albumId, `http://x/storage/v1/object/public/photos/${albumId}/a.jpg`],
    );
    const [gallery] = await sql<{ id: string }>(
      `insert into public.public_galleries (title) values ('g') returning id`,
    );
    await sql(
      'insert into public.public_gallery_photos (public_gallery_id, photo_id) values ($1, $2)',
      [gallery!.id, photo!.id],
    );
    await sql(
      `insert into public.gallery_links (album_id, access_token) values ($1, repeat('a', 43))`,
      [albumId],
    );

    await sql('delete from public.albums where id = $1', [albumId]);

    const [left] = await sql<{
      photos: number;
      links: number;
      memberships: number;
      galleries: number;
    }>(
      `select (select count(*)::int from public.photos where album_id = $1) as photos,
              (select count(*)::int from public.gallery_links where album_id = $1) as links,
              (select count(*)::int from public.public_gallery_photos where photo_id = $2) as memberships,
              (select count(*)::int from public.public_galleries where id = $3) as galleries`,
      [albumId, photo!.id, gallery!.id],
    );
    expect(left).toEqual({ photos: 0, links: 0, memberships: 0, galleries: 1 });
  });

  it('encodes the spec rules as constraints', async () => {
    const violates = async (statement: string) =>
      sql(statement).then(
        () => 'accepted',
        (error: unknown) => (error as { code: string }).code,
      );
    expect(await violates(`insert into public.page_content (section_name) values ('footer')`)).toBe(
      '23514',
    );
    expect(
      await violates(
        `insert into public.page_content (page_name, section_name) values ('about', 'cta')`,
      ),
    ).toBe('23514');
    expect(
      await violates(
        `insert into public.service_packages (name, icon_name) values ('x', 'Rocket')`,
      ),
    ).toBe('23514');
    expect(
      await violates(`insert into public.site_settings (setting_key) values ('favourite_colour')`),
    ).toBe('23514');
    const [service] = await sql<{ icon_name: string; sort_order: number }>(
      `insert into public.service_packages (name) values ('defaults') returning icon_name, sort_order`,
    );
    expect(service).toEqual({ icon_name: 'Heart', sort_order: 0 });
    const albumId = (
      await sql<{ id: string }>(`insert into public.albums (name) values ('rules') returning id`)
    )[0]!.id;
    // The passcode rule (4 to 8 digits) is a trigger with a message for the user (22023).
    expect(
      await violates(
        `insert into public.gallery_links (album_id, access_token, passcode) values ('${albumId}', repeat('b', 43), '123456789')`,
      ),
    ).toBe('22023');
    expect(
      await violates(
        `insert into public.page_content (section_name, button_link) values ('cta', 'javascript:alert(1)')`,
      ),
    ).toBe('23514');
    expect(
      await violates(`insert into public.testimonials (client_name, quote) values (' ', 'x')`),
    ).toBe('23514');
    expect(
      await violates(
        `insert into public.testimonials (client_name, quote, photo_url) values ('x', 'x', 'javascript:alert(1)')`,
      ),
    ).toBe('23514');
    const [testimonial] = await sql<{ is_active: boolean; sort_order: number }>(
      `insert into public.testimonials (client_name, quote) values ('defaults', 'x') returning is_active, sort_order`,
    );
    expect(testimonial).toEqual({ is_active: true, sort_order: 0 });
    expect(
      await violates(`insert into public.site_settings (setting_key) values ('primary_color')`),
    ).toBe('23505');
  });
});
