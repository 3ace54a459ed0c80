import { beforeAll, describe, expect, it } from 'vitest';
import { addPhoto, updateAlbum } from '@/lib/backend/albums';
import {
  createPublicGallery,
  setGalleryPhotos,
  updatePublicGallery,
} from '@/lib/backend/public-galleries';
import type { Backend } from '@/lib/backend/client';
import {
  createGalleryLink,
  generateAccessToken,
  updateGalleryLink,
} from '@/lib/backend/gallery-links';
import { ORIGINALS_BUCKET, photoObjectNames } from '@/lib/backend/photo-objects';
import { uploadOriginal, uploadToPhotos } from '@/lib/backend/storage';
import {
  backendAs,
  failureOf,
  insertAlbum,
  photoFixture,
  signedInAdmin,
  sql,
  sqlClient,
} from '../integration/helpers';
import { workerStack } from '../support/stack-context';

// Class 6 of docs/SECURITY.md: originals are private objects. A client reads them only with a
// download grant of a link that is usable and allows downloads (checked again on every read),
// an admin with a session, and anyone only those of photos visitors may see.

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const stack = () => workerStack();
const bytes = photoFixture('portrait.jpg');
const anonHeaders = () => ({ apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}` });

/** A photo uploaded as the admin app does: original private, renditions public. */
async function uploadedPhoto(albumId: string) {
  const id = crypto.randomUUID();
  const names = photoObjectNames(albumId, id, 'jpg');
  const fileUrl = await uploadOriginal(
    admin,
    names.original,
    new Blob([bytes], { type: 'image/jpeg' }),
    'image/jpeg',
  );
  const thumbUrl = await uploadToPhotos(
    admin,
    names.thumb,
    new Blob([bytes], { type: 'image/jpeg' }),
    'image/jpeg',
  );
  await addPhoto(admin, {
    id,
    albumId,
    filename: `${id}.jpg`,
    originalFilename: 'portrait.jpg',
    fileUrl,
    thumbUrl,
    previewUrl: null,
    fileSize: bytes.length,
    width: 800,
    height: 1200,
    mimeType: 'image/jpeg',
  });
  return { id, name: names.original, fileUrl };
}

async function link(
  albumId: string,
  fields: {
    passcode?: string | null;
    allowDownloads?: boolean;
    downloadSize?: 'original' | 'web';
  } = {},
) {
  const id = crypto.randomUUID();
  const token = await generateAccessToken(admin);
  await createGalleryLink(admin, {
    id,
    albumId,
    accessToken: token,
    passcode: fields.passcode ?? null,
    allowDownloads: fields.allowDownloads ?? true,
    downloadSize: fields.downloadSize,
    expiresAt: null,
  });
  return { id, token };
}

async function rpc(
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack().url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...anonHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: await response.json() };
}

const grantFor = async (token: string, passcode: string | null = null) =>
  (await rpc('get_download_grant', { p_access_token: token, p_passcode: passcode })).body as
    string | null;

/** Reads an original the way the client app does; the status and whether the bytes came. */
async function readOriginal(name: string, extra: Record<string, string> = {}) {
  const response = await fetch(`${stack().url}/storage/v1/object/authenticated/originals/${name}`, {
    headers: { ...anonHeaders(), ...extra },
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, same: body.equals(bytes) };
}

const OK = { status: 200, same: true };
const REFUSED = { status: 404, same: false };

describe('a link without downloads', () => {
  it('yields no original: no URL in the answer, no grant, nothing by path, old public address, listing or signing', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const { token } = await link(albumId, { allowDownloads: false });

    const photos = await rpc('get_album_photos_by_token', { p_access_token: token });
    expect(photos.status).toBe(200);
    expect(photos.body).toEqual([
      expect.objectContaining({
        id: photo.id,
        file_url: null,
        thumb_url: expect.stringContaining('.thumb.webp'),
      }),
    ]);
    expect(await grantFor(token)).toBeNull();

    expect(await readOriginal(photo.name)).toEqual(REFUSED);
    expect(
      (await fetch(`${stack().url}/storage/v1/object/public/photos/${photo.name}`)).status,
    ).toBe(404);
    expect(
      (await fetch(`${stack().url}/storage/v1/object/public/originals/${photo.name}`)).status,
    ).toBe(404);
    expect((await fetch(`${stack().url}/storage/v1/object/originals/${photo.name}`)).status).toBe(
      404,
    );
    const anonymous = backendAs(null).adminClient.storage.from(ORIGINALS_BUCKET);
    expect((await anonymous.list(albumId)).data).toEqual([]);
    expect((await anonymous.createSignedUrl(photo.name, 60)).error).toMatchObject({ status: 404 });
  });
});

describe('a web-size link (issue 21, item 4)', () => {
  it('names and opens no original by any call: photos, grant, path, public address, listing, signing, favourites', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const { token } = await link(albumId, { downloadSize: 'web', passcode: '4821' });

    const photos = await rpc('get_album_photos_by_token', {
      p_access_token: token,
      p_passcode: '4821',
    });
    expect(photos.status).toBe(200);
    expect(photos.body).toEqual([
      expect.objectContaining({
        id: photo.id,
        file_url: null,
        filename: null,
        thumb_url: expect.stringContaining('.thumb.webp'),
      }),
    ]);
    // Nothing in any answer to this client names the original's object.
    const originalId = photo.name.split('/')[1]!;
    for (const [name, args] of [
      ['get_album_photos_by_token', { p_access_token: token, p_passcode: '4821' }],
      ['get_gallery_link_by_token', { p_access_token: token }],
      ['get_album_cover_by_token', { p_access_token: token, p_passcode: '4821' }],
      ['get_download_grant', { p_access_token: token, p_passcode: '4821' }],
      [
        'sync_favourites_by_token',
        { p_access_token: token, p_passcode: '4821', p_client_name: 'Ana', p_add: [photo.id] },
      ],
    ] as const) {
      expect(JSON.stringify((await rpc(name, args)).body)).not.toContain(originalId);
    }
    expect(
      (
        (await rpc('get_gallery_link_by_token', { p_access_token: token })).body as Array<{
          download_size: string;
        }>
      )[0]!.download_size,
    ).toBe('web');
    expect(await grantFor(token, '4821')).toBeNull();

    expect(await readOriginal(photo.name)).toEqual(REFUSED);
    expect(
      (await fetch(`${stack().url}/storage/v1/object/public/originals/${photo.name}`)).status,
    ).toBe(404);
    expect((await fetch(`${stack().url}/storage/v1/object/originals/${photo.name}`)).status).toBe(
      404,
    );
    const anonymous = backendAs(null).adminClient.storage.from(ORIGINALS_BUCKET);
    expect((await anonymous.list(albumId)).data).toEqual([]);
    expect((await anonymous.createSignedUrl(photo.name, 60)).error).toMatchObject({ status: 404 });
  });

  it('closes a grant given while the link gave originals, the moment it switches to web size', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const { id, token } = await link(albumId);
    const grant = (await grantFor(token))!;
    expect(await readOriginal(photo.name, { 'x-download-grant': grant })).toEqual(OK);
    await updateGalleryLink(admin, id, { download_size: 'web' });
    expect(await readOriginal(photo.name, { 'x-download-grant': grant })).toEqual(REFUSED);
    // And back: a new grant opens them again.
    await updateGalleryLink(admin, id, { download_size: 'original' });
    expect(
      await readOriginal(photo.name, { 'x-download-grant': (await grantFor(token))! }),
    ).toEqual(OK);
  });

  it('takes the setting only from admins, and only as original or web', async () => {
    const albumId = await insertAlbum();
    const { id } = await link(albumId);
    await backendAs(null)
      .adminClient.from('gallery_links')
      .update({ download_size: 'web' })
      .eq('id', id);
    expect(
      (
        await sql<{ download_size: string }>(
          'select download_size from public.gallery_links where id = $1',
          [id],
        )
      )[0]!.download_size,
    ).toBe('original');
    const failure = await failureOf(
      updateGalleryLink(admin, id, { download_size: 'huge' as 'web' }),
    );
    expect(failure.status).toBe(400);
  });
});

describe('a link that allows downloads', () => {
  it('gives a grant after the passcode, which reads only that album’s originals', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const otherAlbum = await insertAlbum();
    const other = await uploadedPhoto(otherAlbum);
    const { token } = await link(albumId, { passcode: '4821' });

    expect(await grantFor(token)).toBeNull();
    expect(await grantFor(token, '0000')).toBeNull();
    const grant = await grantFor(token, '4821');
    expect(grant).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);

    expect(await readOriginal(photo.name, { 'x-download-grant': grant! })).toEqual(OK);
    expect(await readOriginal(other.name, { 'x-download-grant': grant! })).toEqual(REFUSED);
    const photos = (
      await rpc('get_album_photos_by_token', { p_access_token: token, p_passcode: '4821' })
    ).body as Array<{
      file_url: string;
    }>;
    expect(photos.map((row) => row.file_url)).toEqual([photo.fileUrl]);
  });

  it('refuses a forged, altered, expired or foreign grant', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const { token } = await link(albumId);
    const grant = (await grantFor(token))!;
    const [linkId, expires, mac] = grant.split('.') as [string, string, string];
    const otherLink = await link(await insertAlbum());

    for (const forged of [
      `${linkId}.${Number(expires) + 3600}.${mac}`, // a longer life
      `${linkId}.${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, // another MAC
      `${otherLink.id}.${expires}.${mac}`, // another link
      `${linkId}.${Math.floor(Date.now() / 1000) - 10}.${mac}`, // expired
      'x'.repeat(300),
      `${linkId}.${expires}`,
    ]) {
      expect(await readOriginal(photo.name, { 'x-download-grant': forged })).toEqual(REFUSED);
    }
    expect(await readOriginal(photo.name, { 'x-download-grant': grant })).toEqual(OK);
  });

  it('stops working the moment downloads are turned off, the link is deactivated, expires or gets a new passcode', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const changes = [
      { allow_downloads: false },
      { is_active: false },
      { expires_at: new Date(Date.now() - 1000).toISOString() },
      { passcode: '9999' },
    ];
    for (const change of changes) {
      const { id, token } = await link(albumId, { passcode: '1234' });
      const grant = (await grantFor(token, '1234'))!;
      expect(await readOriginal(photo.name, { 'x-download-grant': grant })).toEqual(OK);
      await updateGalleryLink(admin, id, change);
      expect(await readOriginal(photo.name, { 'x-download-grant': grant })).toEqual(REFUSED);
    }
  });

  it('asks for the passcode under the same throttle as the photos', async () => {
    const albumId = await insertAlbum();
    const { token } = await link(albumId, { passcode: '2468' });
    for (let guess = 0; guess < 5; guess++) expect(await grantFor(token, `000${guess}`)).toBeNull();
    const throttled = await rpc('get_download_grant', {
      p_access_token: token,
      p_passcode: '2468',
    });
    expect(throttled.status).toBe(429);
    const tooLong = await rpc('get_download_grant', {
      p_access_token: token,
      p_passcode: 'x'.repeat(101),
    });
    expect(tooLong.status).toBe(400);
  });
});

/** Asks the storage API to sign originals as a caller with these headers; the status and body. */
async function signOriginals(headers: Record<string, string>, names: string[], expiresIn: number) {
  const one = names.length === 1;
  const response = await fetch(
    `${stack().url}/storage/v1/object/sign/originals${one ? `/${names[0]}` : ''}`,
    {
      method: 'POST',
      headers: { ...anonHeaders(), ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(one ? { expiresIn } : { expiresIn, paths: names }),
    },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Every way a caller other than an admin could turn a right to read into an address: all refused. */
async function expectNothingSigned(headers: Record<string, string>, names: string[]) {
  for (const expiresIn of [60, 600, 31_536_000]) {
    for (const name of names) {
      expect((await signOriginals(headers, [name], expiresIn)).status).toBe(
        expiresIn > 600 ? 400 : 404,
      );
    }
  }
  const many = await signOriginals(headers, [...names, ...names], 60);
  expect(many.status).toBe(200);
  expect(many.body).toEqual(
    [...names, ...names].map((path) => ({ error: expect.any(String), path, signedURL: null })),
  );
}

describe('no address to an original outlives the right that made it (issue 32, item 1)', () => {
  it('lets a grant read its originals but never sign one, alone or in a batch', async () => {
    const albumId = await insertAlbum();
    const photos = [await uploadedPhoto(albumId), await uploadedPhoto(albumId)];
    const names = photos.map((photo) => photo.name);
    const { id, token } = await link(albumId, { passcode: '1357' });
    const grant = { 'x-download-grant': (await grantFor(token, '1357'))! };

    for (const name of names) expect(await readOriginal(name, grant)).toEqual(OK);
    const kept = await fetch(
      `${stack().url}/storage/v1/object/authenticated/originals/${names[0]}`,
      {
        method: 'HEAD',
        headers: { ...anonHeaders(), ...grant },
      },
    );
    expect(kept.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    await expectNothingSigned(grant, names);
    // Nor does it list the album, or ask about an object, which no download needs.
    const listing = await fetch(`${stack().url}/storage/v1/object/list/originals`, {
      method: 'POST',
      headers: { ...anonHeaders(), ...grant, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: albumId }),
    });
    expect(await listing.json()).toEqual([]);
    const info = await fetch(`${stack().url}/storage/v1/object/info/originals/${names[0]}`, {
      headers: { ...anonHeaders(), ...grant },
    });
    expect(info.status).toBe(404);

    // The one address a client has is the grant, and the next read after a revocation fails.
    await updateGalleryLink(admin, id, { passcode: '2468' });
    for (const name of names) expect(await readOriginal(name, grant)).toEqual(REFUSED);
  });

  it('lets a visitor download an original under Original but never sign it; Off closes it at the next read', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const photo = await uploadedPhoto(albumId);
    await updateAlbum(admin, albumId, {
      name: 'Public',
      description: null,
      visitorDownloads: 'original',
    });

    expect(await readOriginal(photo.name)).toEqual(OK);
    await expectNothingSigned({}, [photo.name]);
    await updateAlbum(admin, albumId, {
      name: 'Public',
      description: null,
      visitorDownloads: 'off',
    });
    expect(await readOriginal(photo.name)).toEqual(REFUSED);
  });

  it('gives storage.operation() and its helpers the meaning hosted Storage gives them', async () => {
    const client = await sqlClient();
    try {
      await client.query('begin');
      const allowed = async (operation: string | null, check: string, param: unknown) => {
        await client.query(`select set_config('storage.operation', $1, true)`, [operation ?? '']);
        return (await client.query<{ allowed: boolean }>(`select ${check} as allowed`, [param]))
          .rows[0]!.allowed;
      };
      expect(
        await allowed('storage.object.sign', 'storage.allow_only_operation($1)', 'object.sign'),
      ).toBe(true);
      expect(
        await allowed(
          'storage.object.sign',
          'storage.allow_only_operation($1)',
          'storage.object.sign',
        ),
      ).toBe(true);
      expect(
        await allowed(
          'storage.object.sign_many',
          'storage.allow_only_operation($1)',
          'object.sign',
        ),
      ).toBe(false);
      expect(
        await allowed('storage.object.get_authenticated', 'storage.allow_only_operation($1)', ''),
      ).toBe(false);
      expect(await allowed(null, 'storage.allow_only_operation($1)', 'object.sign')).toBe(false);
      expect(
        await allowed('object.list', 'storage.allow_any_operation($1::text[])', [
          'storage.object.list',
          'object.sign',
        ]),
      ).toBe(true);
      expect(await allowed('object.list', 'storage.allow_any_operation($1::text[])', [])).toBe(
        false,
      );
      expect(await allowed('object.list', 'storage.allow_any_operation($1::text[])', null)).toBe(
        false,
      );
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

/** A visitor's read through PostgREST with the anon key: the status and the rows. */
async function visitorRead(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${stack().url}/rest/v1/${path}`, { headers: anonHeaders() });
  return { status: response.status, body: await response.json() };
}

describe('visitor downloads of public collections and galleries', () => {
  it('names and opens an original only where Original is chosen; Web size and Off give neither', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const inAlbum = await uploadedPhoto(albumId);
    const privateAlbum = await insertAlbum();
    const picked = await uploadedPhoto(privateAlbum);
    const galleryId = crypto.randomUUID();
    await createPublicGallery(admin, galleryId, {
      title: 'Picks',
      description: null,
      isActive: true,
    });
    await setGalleryPhotos(admin, galleryId, [picked.id]);
    const albumAnswer = () =>
      visitorRead(`public_album_photos?select=id,file_url&album_id=eq.${albumId}`);
    const galleryAnswer = () =>
      visitorRead(
        `public_gallery_photos?select=photo_id,file_url:gallery_visitor_original&public_gallery_id=eq.${galleryId}`,
      );

    // New ones, and existing ones after the upgrade, are 'web': no original named, none readable.
    expect(
      (await sql('select visitor_downloads from public.albums where id = $1', [albumId]))[0],
    ).toEqual({ visitor_downloads: 'web' });
    expect((await galleryAnswer()).body).toEqual([{ photo_id: picked.id, file_url: null }]);
    expect((await albumAnswer()).body).toEqual([{ id: inAlbum.id, file_url: null }]);
    expect(await readOriginal(inAlbum.name)).toEqual(REFUSED);
    expect(await readOriginal(picked.name)).toEqual(REFUSED);

    await updateAlbum(admin, albumId, {
      name: 'Public',
      description: null,
      visitorDownloads: 'original',
    });
    await updatePublicGallery(admin, galleryId, {
      title: 'Picks',
      description: null,
      isActive: true,
      visitorDownloads: 'original',
    });
    expect((await albumAnswer()).body).toEqual([{ id: inAlbum.id, file_url: inAlbum.fileUrl }]);
    expect((await galleryAnswer()).body).toEqual([
      { photo_id: picked.id, file_url: picked.fileUrl },
    ]);
    expect(await readOriginal(inAlbum.name)).toEqual(OK);
    expect(await readOriginal(picked.name)).toEqual(OK);

    // Off, an inactive gallery and a private album close them again at the next request.
    await updatePublicGallery(admin, galleryId, {
      title: 'Picks',
      description: null,
      isActive: true,
      visitorDownloads: 'off',
    });
    expect((await galleryAnswer()).body).toEqual([{ photo_id: picked.id, file_url: null }]);
    expect(await readOriginal(picked.name)).toEqual(REFUSED);
    await updatePublicGallery(admin, galleryId, {
      title: 'Picks',
      description: null,
      isActive: false,
      visitorDownloads: 'original',
    });
    expect(await readOriginal(picked.name)).toEqual(REFUSED);
    await updateAlbum(admin, albumId, { name: 'Public', description: null, isPublic: false });
    expect(await readOriginal(inAlbum.name)).toEqual(REFUSED);
    expect((await albumAnswer()).body).toEqual([]);
  });

  it('never lets a visitor read a photo’s filename or stored original address, by table, embedding or function', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const photo = await uploadedPhoto(albumId);
    for (const path of [
      `photos?select=file_url&id=eq.${photo.id}`,
      `photos?select=filename&id=eq.${photo.id}`,
      `photos?select=*&id=eq.${photo.id}`,
      `public_gallery_photos?select=photos(file_url)`,
      `albums?select=photos(filename)&id=eq.${albumId}`,
    ]) {
      const answer = await visitorRead(path);
      expect({
        path,
        status: answer.status,
        code: (answer.body as { code?: string }).code,
      }).toEqual({ path, status: 401, code: '42501' });
    }
    // The computed field called as a function with a made-up row looks the entry up again.
    const called = await rpc('gallery_visitor_original', {
      p_entry: { public_gallery_id: crypto.randomUUID(), photo_id: photo.id, sort_order: 0 },
    });
    expect(called).toEqual({ status: 200, body: null });
    // The home page counts a public album's photos through the view.
    expect(
      await visitorRead(`albums?select=id,photos:public_album_photos(count)&id=eq.${albumId}`),
    ).toEqual({
      status: 200,
      body: [{ id: albumId, photos: [{ count: 1 }] }],
    });
    // The photos a visitor reads still show (renditions), without those columns.
    const shown = await visitorRead(
      `photos?select=id,thumb_url,original_filename&id=eq.${photo.id}`,
    );
    expect(shown).toMatchObject({
      status: 200,
      body: [{ id: photo.id, original_filename: 'portrait.jpg' }],
    });
  });

  it('takes the setting only from an admin, and only as off, web or original', async () => {
    const albumId = await insertAlbum({ is_public: true });
    const anonymous = await rpc('admin_update_album', {
      p_album_id: albumId,
      p_name: 'x',
      p_description: null,
      p_visitor_downloads: 'original',
    });
    expect(anonymous.status).toBe(401);
    const unknown = await failureOf(
      updateAlbum(admin, albumId, {
        name: 'x',
        description: null,
        visitorDownloads: 'everything' as never,
      }),
    );
    expect([unknown.status, unknown.message]).toEqual([
      400,
      'Visitor downloads must be off, web or original',
    ]);
    const galleryId = crypto.randomUUID();
    const gallery = await failureOf(
      createPublicGallery(admin, galleryId, {
        title: 'x',
        description: null,
        isActive: true,
        visitorDownloads: 'all' as never,
      }),
    );
    expect(gallery.status).toBe(400);
    expect(
      await sql('select visitor_downloads from public.albums where id = $1', [albumId]),
    ).toEqual([{ visitor_downloads: 'web' }]);
    expect(await sql('select 1 from public.public_galleries where id = $1', [galleryId])).toEqual(
      [],
    );
    // Written directly, the table refuses it too.
    await expect(
      sql(`update public.public_galleries set visitor_downloads = 'all'`),
    ).rejects.toThrow(/public_galleries_visitor_downloads/);
  });
});

describe('originals for admins', () => {
  it('lets an admin read and sign originals; a signed URL names one object and dies', async () => {
    const albumId = await insertAlbum();
    const photo = await uploadedPhoto(albumId);
    const { data, error } = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .download(photo.name);
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer()).equals(bytes)).toBe(true);
    const signed = await admin.adminClient.storage
      .from(ORIGINALS_BUCKET)
      .createSignedUrl(photo.name, 60);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
  });

  it('takes originals only from admins, only at {album}/{file}, and never into the public bucket', async () => {
    const albumId = await insertAlbum();
    const name = `${albumId}/${crypto.randomUUID()}.jpg`;
    const jpeg = () => new Blob([bytes], { type: 'image/jpeg' });
    expect(
      (await failureOf(uploadOriginal(backendAs(null), name, jpeg(), 'image/jpeg'))).status,
    ).toBe(403);
    for (const bad of [
      'top-level.jpg',
      `${albumId}/a/b.jpg`,
      'not-a-uuid/x.jpg',
      `${albumId}/x.html`,
    ]) {
      expect([400, 403, 415]).toContain(
        (await failureOf(uploadOriginal(admin, bad, jpeg(), 'image/jpeg'))).status,
      );
    }
    expect((await failureOf(uploadToPhotos(admin, name, jpeg(), 'image/jpeg'))).status).toBe(403);
    expect(await sql('select 1 from storage.objects where name = $1', [name])).toEqual([]);
  });

  it('records a photo only with its original in bucket originals', async () => {
    const albumId = await insertAlbum();
    const id = crypto.randomUUID();
    const refused = await failureOf(
      addPhoto(admin, {
        id,
        albumId,
        filename: `${id}.jpg`,
        originalFilename: 'x.jpg',
        fileUrl: `/storage/v1/object/public/photos/${albumId}/${id}.jpg`,
        thumbUrl: null,
        previewUrl: null,
        fileSize: 1,
        width: 1,
        height: 1,
        mimeType: 'image/jpeg',
      }),
    );
    expect(refused.status).toBe(400);
    expect(await sql('select 1 from public.photos where id = $1', [id])).toEqual([]);
  });
});
