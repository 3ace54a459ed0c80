import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  addPhoto,
  createAlbum,
  deleteAlbum,
  deletePhoto,
  type PhotoRecord,
} from '@/lib/backend/albums';
import { createBackend, type AdminCredentials, type Backend } from '@/lib/backend/client';
import { photoObjectNames } from '@/lib/backend/photo-objects';
import { removePhotoObjects, uploadOriginal, uploadToPhotos } from '@/lib/backend/storage';
import { backendAs, failureOf, photoFixture, signedInAdmin, sql, uniqueName } from './helpers';
import { workerStack } from '../support/stack-context';

/**
 * Deletes replayed after their answer was lost (docs/offline.md): the first try committed on
 * the server, the connection dropped before the answer, and the outbox sends the change
 * again. Its RPC then deletes nothing and answers no names, yet no file may be left behind.
 */

let admin: Backend;
let credentials: AdminCredentials;

beforeAll(async () => {
  credentials = await signedInAdmin();
  admin = backendAs(credentials);
});

const objectsUnder = (albumId: string) =>
  sql<{ bucket: string; name: string }>(
    `select bucket_id as bucket, name from storage.objects where name like $1 order by 1, 2`,
    [`${albumId}/%`],
  );

/** A photo with its three files in storage and its row, as an upload leaves it. */
async function storedPhoto(albumId: string): Promise<{ record: PhotoRecord; names: string[] }> {
  const id = crypto.randomUUID();
  const names = photoObjectNames(albumId, id, 'jpg');
  const bytes = () => new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' });
  const fileUrl = await uploadOriginal(admin, names.original, bytes(), 'image/jpeg');
  const thumbUrl = await uploadToPhotos(admin, names.thumb, bytes(), 'image/webp');
  const previewUrl = await uploadToPhotos(admin, names.preview, bytes(), 'image/webp');
  const record: PhotoRecord = {
    id,
    albumId,
    filename: `${id}.jpg`,
    originalFilename: 'IMG_0001.jpg',
    fileUrl,
    thumbUrl,
    previewUrl,
    fileSize: 1,
    width: 10,
    height: 10,
    mimeType: 'image/jpeg',
  };
  await addPhoto(admin, record);
  return { record, names: [names.original, names.thumb, names.preview] };
}

async function newAlbum(): Promise<string> {
  const albumId = crypto.randomUUID();
  await createAlbum(admin, albumId, { name: uniqueName('Replayed'), description: null });
  return albumId;
}

const rpc = (name: 'admin_delete_photo' | 'admin_delete_album', args: Record<string, string>) =>
  admin.adminClient.rpc(
    name as 'admin_delete_photo',
    { p_username: credentials.username, p_token: credentials.token, ...args } as never,
  );

describe('a photo delete replayed after its answer was lost', () => {
  it('removes exactly the photo’s three files, from the names it carries', async () => {
    const albumId = await newAlbum();
    const gone = await storedPhoto(albumId);
    const kept = await storedPhoto(albumId);
    // The first try: committed, answer lost (the files were never removed).
    const first = await rpc('admin_delete_photo', { p_photo_id: gone.record.id });
    expect(first.error).toBeNull();
    expect(await objectsUnder(albumId)).toHaveLength(6);

    await deletePhoto(admin, gone.record.id, gone.names);
    const left = await objectsUnder(albumId);
    expect(left.map((object) => object.name).sort()).toEqual([...kept.names].sort());
    // A third try changes nothing and fails on nothing.
    await deletePhoto(admin, gone.record.id, gone.names);
    expect(await objectsUnder(albumId)).toEqual(left);
  });

  it('without the names (a change queued by the previous version) it can only remove what the RPC answers', async () => {
    const albumId = await newAlbum();
    const gone = await storedPhoto(albumId);
    await rpc('admin_delete_photo', { p_photo_id: gone.record.id });
    await deletePhoto(admin, gone.record.id, []);
    // This is the orphaning the names in the payload prevent; the album's delete still sweeps its folder.
    expect(await objectsUnder(albumId)).toHaveLength(3);
    await deleteAlbum(admin, albumId);
    expect(await objectsUnder(albumId)).toEqual([]);
  });
});

describe('an album delete replayed after its answer was lost', () => {
  it('lists the album folder again and empties it in both buckets', async () => {
    const albumId = await newAlbum();
    await storedPhoto(albumId);
    await storedPhoto(albumId);
    // A file with no row (an upload stopped before it was recorded) is in the folder too.
    await uploadToPhotos(
      admin,
      `${albumId}/${crypto.randomUUID()}.thumb.webp`,
      new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' }),
      'image/jpeg',
    );
    const otherAlbum = await newAlbum();
    const other = await storedPhoto(otherAlbum);

    const first = await rpc('admin_delete_album', { p_album_id: albumId });
    expect(first.error).toBeNull();
    expect(await objectsUnder(albumId)).toHaveLength(7);

    await deleteAlbum(admin, albumId);
    expect(await objectsUnder(albumId)).toEqual([]);
    await deleteAlbum(admin, albumId);
    expect((await objectsUnder(otherAlbum)).map((object) => object.name).sort()).toEqual(
      [...other.names].sort(),
    );
  });
});

describe('a storage failure while deleting', () => {
  it('fails the delete (to be retried) instead of counting it as done', async () => {
    const { url, anonKey } = workerStack();
    // Storage answers 503 to every remove; everything else reaches the stack.
    const flaky = createBackend(
      { supabaseUrl: url, supabaseAnonKey: anonKey },
      {
        credentials: () => credentials,
        realtimeTransport: WebSocket,
        fetch: (input, init) =>
          init?.method === 'DELETE' &&
          (input instanceof Request ? input.url : input.toString()).includes('/storage/v1/object/')
            ? Promise.resolve(
                new Response(
                  JSON.stringify({ statusCode: '503', error: 'Unavailable', message: 'Try later' }),
                  { status: 503 },
                ),
              )
            : fetch(input, init),
      },
    );
    const albumId = await newAlbum();
    const photo = await storedPhoto(albumId);
    expect(await failureOf(deletePhoto(flaky, photo.record.id, photo.names))).toMatchObject({
      kind: 'server',
      retryable: true,
    });
    expect(await failureOf(removePhotoObjects(flaky, photo.names))).toMatchObject({
      kind: 'server',
    });
    expect(await objectsUnder(albumId)).toHaveLength(3);
    // The retry, with storage back, finishes the job.
    await deletePhoto(admin, photo.record.id, photo.names);
    expect(await objectsUnder(albumId)).toEqual([]);
  });
});
