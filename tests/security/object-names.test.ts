import { beforeAll, describe, expect, it } from 'vitest';
import {
  addPhoto,
  createAlbum,
  deletePhoto,
  listMissingCovers,
  recordCoverRendition,
  type PhotoRecord,
} from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import { uploadOriginal, uploadToPhotos } from '@/lib/backend/storage';
import {
  backendAs,
  failureOf,
  photoFixture,
  signedInAdmin,
  sql,
  uniqueName,
} from '../integration/helpers';
import { workerStack } from '../support/stack-context';

// Class 4 of docs/SECURITY.md: a photo row names objects in its own album's folder on this
// backend (the original in bucket originals, the renditions in bucket photos), and deleting it
// removes only those.
let admin: Backend;
let albumId: string;
let otherAlbumId: string;
beforeAll(async () => {
  admin = backendAs(await signedInAdmin());
  albumId = crypto.randomUUID();
  otherAlbumId = crypto.randomUUID();
  await createAlbum(admin, albumId, { name: uniqueName('Confined'), description: null });
  await createAlbum(admin, otherAlbumId, { name: uniqueName('Neighbour'), description: null });
});

const PUBLIC = '/storage/v1/object/public/photos';
const ORIGINALS = '/storage/v1/object/authenticated/originals';
const REFUSAL =
  "Photo URLs must point to the album's folder in storage (the original in bucket originals)";

function record(overrides: Partial<PhotoRecord> = {}): PhotoRecord {
  const id = crypto.randomUUID();
  return {
    id,
    albumId,
    filename: `${id}.jpg`,
    originalFilename: 'IMG_1.jpg',
    fileUrl: `${workerStack().url}${ORIGINALS}/${albumId}/${id}.jpg`,
    thumbUrl: `${workerStack().url}${PUBLIC}/${albumId}/${id}.thumb.webp`,
    coverUrl: `${workerStack().url}${PUBLIC}/${albumId}/${id}.cover.webp`,
    previewUrl: `${workerStack().url}${PUBLIC}/${albumId}/${id}.preview.webp`,
    fileSize: 1000,
    width: 10,
    height: 10,
    mimeType: 'image/jpeg',
    ...overrides,
  };
}

describe('photo objects confined to their album', () => {
  it('refuses every address outside the album folder, an original in the public bucket, and stores nothing', async () => {
    const id = crypto.randomUUID();
    const own = `${albumId}/${id}.jpg`;
    const hostile: Array<Partial<PhotoRecord>> = [
      { fileUrl: `${PUBLIC}/${own}` },
      { fileUrl: `${ORIGINALS}/${otherAlbumId}/${id}.jpg` },
      { fileUrl: `https://evil.example${ORIGINALS}/${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${ORIGINALS}/${albumId}/../${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${ORIGINALS}/${albumId}%2F..%2F${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${ORIGINALS}/${own}?download=1` },
      { fileUrl: `//evil.example${ORIGINALS}/${own}` },
      { fileUrl: `/storage/v1/object/sign/originals/${own}` },
      { fileUrl: `/storage/v1/object/public/originals/${own}` },
      { fileUrl: `${ORIGINALS}/${albumId}/${id}.svg` },
      { fileUrl: `${PUBLIC}/${otherAlbumId}/${id}.jpg` },
      { fileUrl: `https://evil.example${PUBLIC}/${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${PUBLIC}/${albumId}/../${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${PUBLIC}/${albumId}%2F..%2F${otherAlbumId}/${id}.jpg` },
      { fileUrl: `${PUBLIC}/${own}?download=1` },
      { fileUrl: `${PUBLIC}/${own}#x` },
      { fileUrl: `//evil.example${PUBLIC}/${own}` },
      { fileUrl: `/\\evil.example${PUBLIC}/${own}` },
      { fileUrl: `https://user@evil.example${PUBLIC}/${own}` },
      { fileUrl: `javascript:alert(1)//${PUBLIC}/${own}` },
      { fileUrl: `https://evil.example/${own}` },
      { fileUrl: `/storage/v1/object/public/other-bucket/${own}` },
      { fileUrl: `/storage/v1/object/sign/photos/${own}` },
      { fileUrl: `https://evil.example/x${PUBLIC}/${own}` },
      { filename: `a/${id}.jpg`, fileUrl: `${PUBLIC}/${albumId}/a/${id}.jpg` },
      { thumbUrl: `${PUBLIC}/${otherAlbumId}/${id}.thumb.webp` },
      { thumbUrl: 'https://evil.example/t.webp' },
      { previewUrl: `${PUBLIC}/${albumId}/${id}.preview.svg` },
      { previewUrl: `//evil.example${PUBLIC}/${albumId}/${id}.preview.webp` },
      { coverUrl: `${PUBLIC}/${otherAlbumId}/${id}.cover.webp` },
      { coverUrl: 'https://evil.example/c.webp' },
      { coverUrl: `${ORIGINALS}/${albumId}/${id}.cover.webp` },
      { coverUrl: `${PUBLIC}/${albumId}/../${otherAlbumId}/${id}.cover.webp` },
    ];
    for (const overrides of hostile) {
      const photo = record({ id, filename: `${id}.jpg`, ...overrides });
      const refused = await failureOf(addPhoto(admin, photo));
      expect({ overrides, status: refused.status, message: refused.message }).toEqual({
        overrides,
        status: 400,
        message: REFUSAL,
      });
    }
    expect(await sql('select 1 from public.photos where id = $1', [id])).toEqual([]);
  });

  it('keeps the objects as paths on this backend, whatever host the caller named', async () => {
    const photo = record();
    const moved = {
      ...photo,
      fileUrl: photo.fileUrl.replace(workerStack().url, 'https://old-host.example:8443'),
    };
    await addPhoto(admin, moved);
    expect(
      await sql(
        'select file_url, thumb_url, cover_url, preview_url from public.photos where id = $1',
        [photo.id],
      ),
    ).toEqual([
      {
        file_url: `${ORIGINALS}/${albumId}/${photo.id}.jpg`,
        thumb_url: `${PUBLIC}/${albumId}/${photo.id}.thumb.webp`,
        cover_url: `${PUBLIC}/${albumId}/${photo.id}.cover.webp`,
        preview_url: `${PUBLIC}/${albumId}/${photo.id}.preview.webp`,
      },
    ]);
  });

  it('refuses a row that names another folder even when written directly', async () => {
    const id = crypto.randomUUID();
    /** Inserts the photo's row with its original at `fileUrl` and one rendition `column`. */
    const written = (fileUrl: string, column: 'thumb_url' | 'cover_url', url: string) =>
      sql(
        `insert into public.photos (id, album_id, filename, file_url, ${column}, original_filename, file_size, mime_type)
         values ($1, $2, $3, $4, $5, 'x.jpg', 1, 'image/jpeg')`,
        [id, albumId, `${id}.jpg`, fileUrl, url],
      );
    await expect(
      written(
        `${PUBLIC}/${albumId}/${id}.jpg`,
        'thumb_url',
        `${PUBLIC}/${otherAlbumId}/${id}.thumb.webp`,
      ),
    ).rejects.toThrow(/photos_files_in_album_folder/);
    await expect(
      written(
        `${ORIGINALS}/${albumId}/${id}.jpg`,
        'cover_url',
        `${PUBLIC}/${otherAlbumId}/${id}.cover.webp`,
      ),
    ).rejects.toThrow(/photos_cover_in_album_folder/);
  });

  it('deleting a photo removes its own four objects, from both buckets, and nothing else', async () => {
    // The fixture stands in for every rendition: only the names matter here.
    const jpeg = () => new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' });
    const nameIn = (url: string) =>
      url.split(url.includes(ORIGINALS) ? `${ORIGINALS}/` : `${PUBLIC}/`)[1]!;
    const uploadAll = async (photo: PhotoRecord) => {
      await uploadOriginal(admin, nameIn(photo.fileUrl), jpeg(), 'image/jpeg');
      for (const url of [photo.thumbUrl!, photo.coverUrl!, photo.previewUrl!])
        await uploadToPhotos(admin, nameIn(url), jpeg(), 'image/jpeg');
    };
    const gone = record();
    const kept = record();
    await uploadAll(gone);
    await uploadAll(kept);
    await addPhoto(admin, gone);
    await addPhoto(admin, kept);

    await deletePhoto(admin, gone.id, []); // the names the RPC answers
    const objects = await sql<{ bucket: string; name: string }>(
      `select bucket_id as bucket, name from storage.objects where name like $1 order by bucket_id, name`,
      [`${albumId}/%`],
    );
    expect(objects).toEqual([
      { bucket: 'originals', name: nameIn(kept.fileUrl) },
      { bucket: 'photos', name: nameIn(kept.coverUrl!) },
      { bucket: 'photos', name: nameIn(kept.previewUrl!) },
      { bucket: 'photos', name: nameIn(kept.thumbUrl!) },
    ]);
    for (const url of [gone.thumbUrl!, gone.coverUrl!, gone.previewUrl!]) {
      expect((await fetch(`${workerStack().url}${PUBLIC}/${nameIn(url)}`)).status).toBe(404);
    }
  });

  it('bucket photos takes the three renditions in an album folder and no other name there', async () => {
    const id = crypto.randomUUID();
    // The fixture stands in for every rendition: only the names matter here.
    const image = () => new Blob([photoFixture('landscape.jpg')], { type: 'image/jpeg' });
    for (const rendition of ['thumb', 'cover', 'preview'])
      await uploadToPhotos(admin, `${albumId}/${id}.${rendition}.webp`, image(), 'image/jpeg');
    for (const name of [
      `${albumId}/${id}.jpg`,
      `${albumId}/${id}.cover.jpg`,
      `${albumId}/${id}.poster.webp`,
      `${albumId}/${id}.cover.webp.jpg`,
    ]) {
      const refused = await failureOf(uploadToPhotos(admin, name, image(), 'image/jpeg'));
      expect({ name, status: refused.status }).toEqual({ name, status: 403 });
    }
    expect(
      await sql<{ name: string }>(
        `select name from storage.objects where bucket_id = 'photos' and name like $1 order by name`,
        [`${albumId}/${id}%`],
      ),
    ).toEqual(
      ['cover', 'preview', 'thumb'].map((rendition) => ({
        name: `${albumId}/${id}.${rendition}.webp`,
      })),
    );
  });

  it("records a cover made later only under the photo's own name, and none for a photo that is gone", async () => {
    // The first photo of a collection of its own: its cover, uploaded before cover renditions.
    const coverAlbum = crypto.randomUUID();
    await createAlbum(admin, coverAlbum, { name: uniqueName('Older'), description: null });
    const id = crypto.randomUUID();
    const photo = record({
      id,
      albumId: coverAlbum,
      filename: `${id}.jpg`,
      fileUrl: `${ORIGINALS}/${coverAlbum}/${id}.jpg`,
      thumbUrl: `${PUBLIC}/${coverAlbum}/${id}.thumb.webp`,
      previewUrl: `${PUBLIC}/${coverAlbum}/${id}.preview.webp`,
      coverUrl: null,
    });
    await addPhoto(admin, photo);
    const own = `${PUBLIC}/${coverAlbum}/${id}.cover.webp`;
    for (const hostile of [
      `${PUBLIC}/${coverAlbum}/${crypto.randomUUID()}.cover.webp`,
      `${PUBLIC}/${albumId}/${id}.cover.webp`,
      `${PUBLIC}/${coverAlbum}/${id}.preview.webp`,
      `${ORIGINALS}/${coverAlbum}/${id}.cover.webp`,
      `https://evil.example/${coverAlbum}/${id}.cover.webp`,
    ]) {
      const refused = await failureOf(recordCoverRendition(admin, photo.id, hostile));
      expect({ hostile, status: refused.status, message: refused.message }).toEqual({
        hostile,
        status: 400,
        message:
          "A cover rendition must be the photo's own: {album}/{photo}.cover.webp in bucket photos",
      });
    }
    expect(await listMissingCovers(admin)).toContainEqual({
      photo_id: id,
      album_id: coverAlbum,
      original_filename: 'IMG_1.jpg',
      preview_url: `${PUBLIC}/${coverAlbum}/${id}.preview.webp`,
    });
    expect(await recordCoverRendition(admin, photo.id, `${workerStack().url}${own}`)).toBe(true);
    expect(await sql('select cover_url from public.photos where id = $1', [photo.id])).toEqual([
      { cover_url: own },
    ]);
    expect((await listMissingCovers(admin)).map((missing) => missing.photo_id)).not.toContain(
      photo.id,
    );
    expect(await recordCoverRendition(admin, crypto.randomUUID(), own)).toBe(false);
  });

  it('never hands a delete an object outside the photo folder, even for rows from before the rule', async () => {
    const rows = await sql<{ name: string }>(
      `select private.photo_objects($1, $2, $3, $4, $5) as name`,
      [
        albumId,
        '../escape.jpg',
        `https://evil.example${PUBLIC}/${otherAlbumId}/t.webp`,
        `${PUBLIC}/${albumId}/p.preview.webp`,
        `${PUBLIC}/${otherAlbumId}/p.cover.webp`,
      ],
    );
    expect(rows).toEqual([{ name: `${albumId}/p.preview.webp` }]);
  });
});
