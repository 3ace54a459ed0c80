import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '@/lib/backend/client';
import { PHOTOS_BUCKET, removeFromPhotos, uploadToPhotos } from '@/lib/backend/storage';
import { anonymous, backendAs, failureOf, photoFixture, signedInAdmin, sql } from './helpers';

let admin: Backend;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
});

const jpeg = () => new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' });
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const objectPath = () => `${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;

async function storedObjects(name: string) {
  return sql<{ name: string; mimetype: string }>(
    `select name, metadata ->> 'mimetype' as mimetype from storage.objects where bucket_id = 'photos' and name = $1`,
    [name],
  );
}

describe('storage bucket photos', () => {
  it('lets an admin upload a JPEG that everyone can then view through its public URL', async () => {
    const path = objectPath();
    const url = await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');
    expect(url).toBe(`${inject('stack').url}/storage/v1/object/public/photos/${path}`);
    expect(await storedObjects(path)).toEqual([{ name: path, mimetype: 'image/jpeg' }]);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(photoFixture('landscape.jpg'))).toBe(true);
  });

  it('refuses uploads from anonymous callers and forged sessions', async () => {
    // Anonymous callers meet row-level security; admin headers of a session that does not
    // exist are refused outright as 'Not authenticated', as PostgREST refuses them
    // (private.refuse_stale_admin_session, migration 20261122000700).
    const callers: Array<[Backend, number, string]> = [
      [anonymous(), 403, 'new row violates row-level security policy'],
      [backendAs({ username: 'admin', token: 'forged' }), 401, 'Not authenticated'],
    ];
    for (const [caller, status, message] of callers) {
      const path = objectPath();
      const refused = await failureOf(uploadToPhotos(caller, path, jpeg(), 'image/jpeg'));
      expect(refused.status).toBe(status);
      expect(refused.message).toBe(message);
      expect(await storedObjects(path)).toEqual([]);
      expect((await fetch(`${inject('stack').url}/storage/v1/object/public/photos/${path}`)).status).toBe(404);
    }
  });

  it('refuses SVG to everyone, whatever it is called or labelled', async () => {
    const attempts: Array<[string, string]> = [
      [`${crypto.randomUUID()}/drawing.svg`, 'image/svg+xml'],
      [objectPath(), 'image/svg+xml'],
      [objectPath(), 'image/jpeg'],
    ];
    for (const [path, type] of attempts) {
      const refused = await failureOf(uploadToPhotos(admin, path, new Blob([svg], { type }), type));
      expect(refused.status).toBe(415);
      expect(await storedObjects(path)).toEqual([]);
    }
  });

  it('refuses names outside the bucket layout and path tricks', async () => {
    for (const path of ['../escape.jpg', `${crypto.randomUUID()}/page.html`, 'a/b/c/deep.jpg']) {
      const refused = await failureOf(uploadToPhotos(admin, path, jpeg(), 'image/jpeg'));
      expect([400, 403]).toContain(refused.status);
    }
  });

  it('does not let anonymous callers list or remove files, and lets an admin remove them', async () => {
    const path = objectPath();
    const url = await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');

    const folder = path.split('/')[0];
    const listedByAdmin = await admin.adminClient.storage.from(PHOTOS_BUCKET).list(folder);
    expect(listedByAdmin.data?.map((entry) => entry.name)).toEqual([path.split('/')[1]]);
    // Without credentials the storage client sends only the anon key: an anonymous caller.
    const listedByStranger = await anonymous().adminClient.storage.from(PHOTOS_BUCKET).list(folder);
    expect(listedByStranger).toMatchObject({ data: [], error: null });
    const { data: removedByStranger } = await anonymous().adminClient.storage.from(PHOTOS_BUCKET).remove([path]);
    expect(removedByStranger).toEqual([]);
    expect((await fetch(url)).status).toBe(200);

    await removeFromPhotos(admin, [path]);
    expect(await storedObjects(path)).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it('replaces a file when the same path is uploaded again (a replayed upload)', async () => {
    const path = objectPath();
    await uploadToPhotos(admin, path, jpeg(), 'image/jpeg');
    const url = await uploadToPhotos(admin, path, new Blob([photoFixture('portrait.jpg')], { type: 'image/jpeg' }), 'image/jpeg');
    expect(await storedObjects(path)).toHaveLength(1);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(photoFixture('portrait.jpg'))).toBe(true);
  });
});
