/**
 * The hot read paths use their indexes (issue 6: an index must not silently disappear).
 * Realistic row counts are inserted inside a transaction that is rolled back, so other test
 * files never see them; ANALYZE inside it gives the planner true statistics (also rolled back).
 * Plans are read from EXPLAIN (FORMAT JSON): each check names the index the query must use and
 * the big tables it must not scan whole. The planner is left free (no enable_* switches).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerStack } from '../support/stack-context';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const ALBUMS = 2_000; // half of them public
const PHOTOS_PER_ALBUM = 10;
const BIG_ALBUM_PHOTOS = 10_000;
const WEDDING_PHOTOS = 1_000;
const GALLERIES = 100;
const PHOTOS_PER_GALLERY = 20;

let client: pg.Client;
let bigAlbum: string;
let wedding: string;
let token: string;
let gallery: string;

/** Every node of a plan, flattened. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of a query, as the given role (RLS applies to anon) or as the superuser. */
async function plan(text: string, params: unknown[] = [], role?: 'anon'): Promise<PlanNode[]> {
  await client.query('savepoint plan');
  try {
    if (role) await client.query(`set local role ${role}`);
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (format json) ${text}`,
      params,
    );
    return nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
  } finally {
    await client.query('rollback to savepoint plan');
  }
}

/** The plan in one line, for failure messages: "Index Scan photos(photos_pkey) > Sort …". */
const shown = (plan: PlanNode[]) =>
  plan
    .map(
      (node) =>
        `${node['Node Type']}${node['Relation Name'] ? ` ${node['Relation Name']}` : ''}${node['Index Name'] ? `(${node['Index Name']})` : ''}`,
    )
    .join(' > ');
const indexesUsed = (plan: PlanNode[]) =>
  plan.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
/** Indexes of photos that lead with album_id: a read of one album's photos must use one. */
const ALBUM_INDEXES = [
  'photos_album_id_sort_order_idx',
  'photos_album_id_created_at_idx',
  'photos_album_filename_key',
];
const byAlbum = (plan: PlanNode[]) =>
  indexesUsed(plan).some((index) => ALBUM_INDEXES.includes(index));
const seqScanned = (plan: PlanNode[]) =>
  plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);

beforeAll(async () => {
  client = new pg.Client(workerStack().database);
  await client.connect();
  await client.query('begin');
  // The photo rows' checks that read addresses through the private object-name functions cost
  // about 1 ms a row (their rules are tested in tests/security/object-names.test.ts and
  // url-rule.test.ts): 36,000 rows took a minute of a test worker. Dropped in this transaction
  // only (rolled back with the rows); the lock it takes on photos is this file's alone, as each
  // worker's files have a stack of their own and run one after another.
  const { rows: checks } = await client.query<{ name: string }>(
    `select conname as name from pg_constraint
      where conrelid = 'public.photos'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like '%private.%'`,
  );
  for (const { name } of checks)
    await client.query(
      `alter table public.photos drop constraint ${client.escapeIdentifier(name)}`,
    );
  // 2,000 albums of 10 photos, one album of 10,000 photos, 4,000 client links, 100 active
  // galleries of 20 photos.
  await client.query(
    `with new_albums as (
       insert into public.albums (name, is_public, created_at)
       select 'Plan album ' || n, n % 2 = 0, now() - make_interval(mins => n) from generate_series(1, $1::int) n
       returning id
     )
     insert into public.photos (album_id, filename, file_url, original_filename, file_size, width, height, mime_type)
     select a.id, 'p' || k || '.jpg', '/storage/v1/object/public/photos/' || a.id || '/p' || k || '.jpg', 'p' || k || '.jpg', 1000, 4000, 3000, 'image/jpeg'
       from new_albums a cross join generate_series(1, $2::int) k`,
    [ALBUMS, PHOTOS_PER_ALBUM],
  );
  /** An album of `count` photos named <prefix>1.jpg …, one second apart. */
  const albumWithPhotos = async (name: string, prefix: string, count: number) => {
    const id = (
      await client.query<{ id: string }>(
        `insert into public.albums (name) values ($1) returning id`,
        [name],
      )
    ).rows[0]!.id;
    await client.query(
      // Addresses as the database keeps them (bucket path, album and photo ids).
      `insert into public.photos (album_id, filename, file_url, thumb_url, preview_url, original_filename, file_size, width, height, mime_type, created_at)
       select $1::uuid, f.name, f.folder || f.name, f.base || '-thumb.webp', f.base || '-preview.webp', 'DSC_' || n || '.jpg', 1000, 4000, 3000, 'image/jpeg',
              now() + make_interval(secs => n)
         from generate_series(1, $3::int) n
         cross join lateral (
           select $2 || n || '.jpg' as name,
                  '/storage/v1/object/public/photos/' || $1::text || '/' as folder,
                  '/storage/v1/object/public/photos/' || $1::text || '/' || gen_random_uuid() as base
         ) f`,
      [id, prefix, count],
    );
    return id;
  };
  bigAlbum = await albumWithPhotos('Plan big album', 'b', BIG_ALBUM_PHOTOS);
  wedding = await albumWithPhotos('Plan wedding', 'w', WEDDING_PHOTOS);
  // Two client links per album; the big album's is looked up by its token.
  await client.query(
    `insert into public.gallery_links (album_id, access_token)
     select a.id, 'plan-' || md5(a.id::text || k) from public.albums a cross join generate_series(1, 2) k where a.name like 'Plan album %'`,
  );
  token = 'plan-check-token-'.padEnd(43, 'x');
  await client.query(`insert into public.gallery_links (album_id, access_token) values ($1, $2)`, [
    bigAlbum,
    token,
  ]);
  const galleries = await client.query<{ id: string }>(
    `insert into public.public_galleries (title, created_at)
     select 'Plan gallery ' || n, now() - make_interval(mins => n) from generate_series(1, $1::int) n
     returning id`,
    [GALLERIES],
  );
  gallery = galleries.rows[0]!.id;
  await client.query(
    `insert into public.public_gallery_photos (public_gallery_id, photo_id, sort_order)
     select g.id, p.id, p.n::int
       from public.public_galleries g
       cross join lateral (
         select id, row_number() over (order by created_at) as n from public.photos where album_id = $1
         order by created_at offset (abs(hashtext(g.id::text)) % 9000) limit $2
       ) p
      where g.title like 'Plan gallery %'`,
    [bigAlbum, PHOTOS_PER_GALLERY],
  );
  await client.query(
    'analyze public.albums, public.photos, public.public_galleries, public.public_gallery_photos, public.gallery_links',
  );
  // 36,000 rows through the tables' row triggers, beside the rest of the run.
}, 240_000);

afterAll(async () => {
  await client?.query('rollback');
  await client?.end();
});

describe('query plans of the hot reads', () => {
  it('get_album_photos_by_token finds the link by its unique token and reads the album by index, in order', async () => {
    const link = await plan('select * from private.usable_link($1)', [token]);
    // usable_link is inlined SQL; either way the token lookup must be an index lookup.
    const linkQuery = await plan(
      `select l.* from public.gallery_links l where l.access_token = $1 and l.is_active and (l.expires_at is null or l.expires_at > now())`,
      [token],
    );
    expect(indexesUsed(linkQuery), shown(linkQuery)).toContain('gallery_links_access_token_key');
    expect(seqScanned(link), shown(link)).not.toContain('gallery_links');

    // The photo query of the RPC (it runs as the function's owner, so no RLS), for a wedding.
    const query = `select p.id, p.album_id, p.filename, p.file_url, p.thumb_url, p.preview_url, p.original_filename, p.file_size,
                          p.width, p.height, p.mime_type, p.created_at
                     from public.photos p where p.album_id = $1 order by p.sort_order, p.created_at, p.id`;
    const photos = await plan(query, [wedding]);
    expect(byAlbum(photos), shown(photos)).toBe(true);
    expect(seqScanned(photos), shown(photos)).toEqual([]);
  });

  it('get_album_photos_by_token keeps a 10,000-photo album in memory, with no temporary file per call', async () => {
    const { rows } = await client.query<{
      'QUERY PLAN': Array<{ Plan: PlanNode & Record<string, number> }>;
    }>(
      'explain (analyze, buffers, format json) select * from public.get_album_photos_by_token($1)',
      [token],
    );
    const scan = rows[0]!['QUERY PLAN'][0]!.Plan;
    expect(scan['Node Type']).toBe('Function Scan');
    expect(scan['Actual Rows']).toBe(BIG_ALBUM_PHOTOS);
    // RETURN QUERY collects every row before PostgREST pages them; at the default work_mem
    // this album spilled to disk on every call (migration 20261122000800).
    expect(scan['Temp Written Blocks']).toBe(0);
  });

  it("the home page's public albums count their photos through the album index", async () => {
    const albums = await plan(
      `select a.id, a.name, a.description, a.cover_photo_url, a.created_at,
              (select count(*) from public.public_album_photos p where p.album_id = a.id) as photo_count
         from public.albums a
        where a.is_public
        order by a.created_at desc, a.id`,
      [],
      'anon',
    );
    expect(byAlbum(albums), shown(albums)).toBe(true);
    expect(seqScanned(albums), shown(albums)).not.toContain('photos');
  });

  it("the home page's galleries count their photos and pick a cover through the gallery index", async () => {
    const galleries = await plan(
      `select g.id, g.title, g.description, g.created_at,
              (select count(*) from public.public_gallery_photos gp where gp.public_gallery_id = g.id) as photo_count,
              (select coalesce(p.thumb_url, p.preview_url)
                 from public.public_gallery_photos gp join public.photos p on p.id = gp.photo_id
                where gp.public_gallery_id = g.id
                order by gp.sort_order, gp.created_at limit 1) as cover
         from public.public_galleries g
        where g.is_active
        order by g.created_at desc, g.id`,
      [],
      'anon',
    );
    expect(indexesUsed(galleries), shown(galleries)).toContain(
      'public_gallery_photos_gallery_sort_idx',
    );
    expect(indexesUsed(galleries), shown(galleries)).toContain('photos_pkey');
    expect(seqScanned(galleries), shown(galleries)).not.toContain('public_gallery_photos');
    expect(seqScanned(galleries), shown(galleries)).not.toContain('photos');
  });

  it("a public gallery's photos are read by the gallery index and photo keys, with the visitor's row-level security", async () => {
    const photos = await plan(
      `select gp.sort_order, public.gallery_visitor_original(gp), p.id, p.album_id, p.thumb_url, p.preview_url, p.original_filename,
              p.file_size, p.width, p.height
         from public.public_gallery_photos gp
         left join public.photos p on p.id = gp.photo_id
        where gp.public_gallery_id = $1
        order by gp.sort_order, gp.created_at`,
      [gallery],
      'anon',
    );
    expect(indexesUsed(photos), shown(photos)).toContain('public_gallery_photos_gallery_sort_idx');
    expect(indexesUsed(photos), shown(photos)).toContain('photos_pkey');
    expect(seqScanned(photos), shown(photos)).not.toContain('photos');
    expect(seqScanned(photos), shown(photos)).not.toContain('public_gallery_photos');
  });

  it('a public album’s photos are read by the album index', async () => {
    const [publicAlbum] = (
      await client.query<{ id: string }>(
        `select id from public.albums where is_public and name like 'Plan album %' limit 1`,
      )
    ).rows;
    const photos = await plan(
      `select p.id, p.file_url, p.thumb_url from public.public_album_photos p where p.album_id = $1 order by p.sort_order, p.created_at, p.id limit 1000`,
      [publicAlbum!.id],
      'anon',
    );
    expect(byAlbum(photos), shown(photos)).toBe(true);
    expect(seqScanned(photos), shown(photos)).not.toContain('photos');
  });
});
