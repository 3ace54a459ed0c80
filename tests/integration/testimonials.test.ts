/**
 * Testimonials (supabase/migrations/20261124000600_testimonials.sql, docs/SECURITY.md
 * "Testimonials"): who may read and write them, the limits the database keeps, and the app's
 * own calls (src/lib/backend/testimonials.ts) against the real stack. Every refusal is checked
 * against what the database then holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCredentials } from '@/lib/backend/client';
import {
  createTestimonial,
  deleteTestimonial,
  listTestimonials,
  readHomeTestimonials,
  updateTestimonial,
} from '@/lib/backend/testimonials';
import { URL_VECTORS } from '../security/url-vectors';
import { anonymous, backendAs, failureOf, signedInAdmin, sql, uniqueName } from './helpers';

const fixture = {} as { active: string; inactive: string; admin: AdminCredentials; tag: string };

/** Every testimonial row, to prove a refused write changed nothing. */
const allRows = () => sql('select * from public.testimonials order by id');
const rowOf = (id: string) =>
  sql<{
    client_name: string;
    quote: string;
    photo_url: string | null;
    is_active: boolean;
    sort_order: number;
  }>(
    'select client_name, quote, photo_url, is_active, sort_order from public.testimonials where id = $1',
    [id],
  );

beforeAll(async () => {
  fixture.tag = uniqueName('kind');
  const rows = await sql<{ id: string }>(
    `insert into public.testimonials (client_name, quote, is_active, sort_order)
     values ($1, 'Shown words', true, 900000), ($2, 'Hidden words', false, 900001) returning id`,
    [`${fixture.tag} shown`, `${fixture.tag} hidden`],
  );
  fixture.active = rows[0]!.id;
  fixture.inactive = rows[1]!.id;
  fixture.admin = await signedInAdmin();
});

describe('a visitor', () => {
  const client = () => anonymous().adminClient;

  it('reads the active testimonials only, by sort order', async () => {
    const { data, error } = await client()
      .from('testimonials')
      .select('id')
      .in('id', [fixture.active, fixture.inactive]);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: fixture.active }]);
    const shown = await readHomeTestimonials(anonymous());
    expect(shown.map((testimonial) => testimonial.id)).toContain(fixture.active);
    expect(shown.map((testimonial) => testimonial.id)).not.toContain(fixture.inactive);
    expect(shown.find((testimonial) => testimonial.id === fixture.active)).toEqual({
      id: fixture.active,
      client_name: `${fixture.tag} shown`,
      quote: 'Shown words',
      photo_url: null,
    });
  });

  it('cannot insert, update or delete a testimonial, or show a hidden one', async () => {
    const before = await allRows();
    const attempts = [
      client().from('testimonials').insert({ client_name: 'Intruder', quote: 'x' }),
      client().from('testimonials').update({ quote: 'Hacked' }).eq('id', fixture.active),
      client().from('testimonials').update({ is_active: true }).eq('id', fixture.inactive),
      client().from('testimonials').delete().eq('id', fixture.active),
    ];
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      // Refused outright (no privilege / policy), or nothing matched the policy.
      expect(error ? [401, 403].includes(status) : [200, 201, 204].includes(status)).toBe(true);
    }
    expect(await allRows()).toEqual(before);
    const refused = await failureOf(
      createTestimonial(anonymous(), { id: crypto.randomUUID(), client_name: 'x', quote: 'x' }),
    );
    expect(refused.status).toBe(401);
    expect(await allRows()).toEqual(before);
  });

  it('with a forged token is refused outright', async () => {
    const forged = backendAs({
      username: fixture.admin.username,
      token: 'forged-token',
    }).adminClient;
    const { status, error } = await forged.from('testimonials').select('id').limit(1);
    expect({ status, message: error?.message }).toEqual({
      status: 401,
      message: 'Not authenticated',
    });
  });
});

describe('a signed-in admin', () => {
  const admin = () => backendAs(fixture.admin);

  it('reads every testimonial, active or not', async () => {
    const ids = (await listTestimonials(admin())).map((testimonial) => testimonial.id);
    expect(ids).toEqual(expect.arrayContaining([fixture.active, fixture.inactive]));
  });

  it('adds one with a browser-made id (a replay adds nothing), edits, hides, reorders and deletes it', async () => {
    const id = crypto.randomUUID();
    const client_name = uniqueName('Emma & James');
    const photo_url = '/storage/v1/object/public/photos/testimonial-1.jpg';
    await createTestimonial(admin(), {
      id,
      client_name,
      quote: '  She made us feel at ease.  ',
      photo_url,
      sort_order: 3,
    });
    // The answer was lost and the outbox sends it again, with a newer name even: the row stays as first made.
    await createTestimonial(admin(), {
      id,
      client_name: 'Replayed',
      quote: 'Again',
      sort_order: 9,
    });
    expect(await rowOf(id)).toEqual([
      {
        client_name,
        quote: '  She made us feel at ease.  ',
        photo_url,
        is_active: true,
        sort_order: 3,
      },
    ]);

    const [{ updated_at: before }] = (await sql<{ updated_at: Date }>(
      'select updated_at from public.testimonials where id = $1',
      [id],
    )) as [{ updated_at: Date }];
    await updateTestimonial(admin(), id, {
      quote: 'Pure magic.',
      is_active: false,
      sort_order: 0,
      photo_url: null,
    });
    expect(await rowOf(id)).toEqual([
      { client_name, quote: 'Pure magic.', photo_url: null, is_active: false, sort_order: 0 },
    ]);
    const [{ updated_at: after }] = (await sql<{ updated_at: Date }>(
      'select updated_at from public.testimonials where id = $1',
      [id],
    )) as [{ updated_at: Date }];
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    // Hidden now: visitors no longer read it.
    expect(
      (await readHomeTestimonials(anonymous())).map((testimonial) => testimonial.id),
    ).not.toContain(id);

    await deleteTestimonial(admin(), id);
    await deleteTestimonial(admin(), id); // a replayed delete changes nothing
    expect(await rowOf(id)).toEqual([]);
  });

  it('cannot set the columns the database keeps (id of an existing row, timestamps)', async () => {
    const before = await allRows();
    const c = admin().adminClient;
    for (const attempt of [
      c
        .from('testimonials')
        .update({ created_at: '2000-01-01T00:00:00Z' } as never)
        .eq('id', fixture.active),
      c
        .from('testimonials')
        .update({ id: crypto.randomUUID() } as never)
        .eq('id', fixture.active),
    ]) {
      const { error, status } = await attempt;
      expect({ refused: [401, 403].includes(status), code: error?.code }).toEqual({
        refused: true,
        code: '42501',
      });
    }
    expect(await allRows()).toEqual(before);
  });

  it('is refused (4xx) an empty or over-long name or quote, an unsafe photo address or an unbounded sort order, and nothing is stored', async () => {
    const before = await allRows();
    const refusals: Array<Record<string, unknown>> = [
      { client_name: '' },
      { client_name: '   ' },
      { client_name: 'x'.repeat(101) },
      { client_name: null },
      { quote: '' },
      { quote: ' \n ' },
      { quote: 'x'.repeat(2001) },
      { quote: null },
      { sort_order: 1_000_001 },
      { sort_order: -1_000_001 },
      // Every address the one URL rule refuses as an image source (docs/SECURITY.md, "URLs").
      ...URL_VECTORS.filter((vector) => !vector.image).map((vector) => ({
        photo_url: vector.value,
      })),
    ];
    expect(refusals.map((fields) => fields.photo_url)).toEqual(
      expect.arrayContaining(['javascript:alert(1)', '//evil.example/path']),
    );
    for (const fields of refusals) {
      const insert = await admin()
        .adminClient.from('testimonials')
        .insert({
          id: crypto.randomUUID(),
          client_name: 'Valid name',
          quote: 'Valid words',
          ...fields,
        } as never);
      expect({ fields, status: insert.status, code: insert.error?.code }).toEqual({
        fields,
        status: 400,
        code: expect.stringMatching(/^(23514|23502)$/),
      });
      const update = await admin()
        .adminClient.from('testimonials')
        .update(fields as never)
        .eq('id', fixture.active);
      expect({ fields, status: update.status }).toEqual({ fields, status: 400 });
    }
    expect(await allRows()).toEqual(before);

    // The boundaries themselves are fine.
    const id = crypto.randomUUID();
    await createTestimonial(admin(), {
      id,
      client_name: 'n'.repeat(100),
      quote: 'q'.repeat(2000),
      sort_order: 1_000_000,
    });
    expect(
      (await rowOf(id)).map((row) => [row.client_name.length, row.quote.length, row.sort_order]),
    ).toEqual([[100, 2000, 1_000_000]]);
    await deleteTestimonial(admin(), id);
  });

  it('stores a photo address the URL rule allows as an image source, as for every other image column', async () => {
    const allowed = URL_VECTORS.filter((vector) => vector.image).map((vector) => vector.value);
    // The rule is about where an address leads, not what it names: an SVG from a web address is
    // an image source like any other (an <img> never runs an SVG's scripts).
    for (const photo_url of [...allowed, 'http://evil/x.svg']) {
      const id = crypto.randomUUID();
      await createTestimonial(admin(), {
        id,
        client_name: 'Photo check',
        quote: 'Words',
        photo_url,
      });
      expect((await rowOf(id)).map((row) => row.photo_url)).toEqual([photo_url]);
      await deleteTestimonial(admin(), id);
    }
  });
});
