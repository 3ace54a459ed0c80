/**
 * Seeds albums the way the admin upload leaves them (original JPEG + WebP thumbnail, cover and
 * preview in storage, a photos row with the displayed size), fast enough for albums of
 * thousands of photos: the originals of an album are the run's generated JPEGs, uploaded
 * once per album and shared by its rows; every photo gets its own thumbnail (and, when
 * asked, preview and cover) object, so a browser loads each one as it would in a real album.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createAlbum } from '../../src/lib/backend/albums';
import { createPublicGallery, setGalleryPhotos } from '../../src/lib/backend/public-galleries';
import { uploadOriginal, uploadToPhotos } from '../../src/lib/backend/storage';
import { inParallel, type Bench } from './context';
import { makeRenditions, type PhotoRenditions } from './photos';

export interface SeededAlbum {
  id: string;
  photoIds: string[];
}

const renditions = new Map<string, PhotoRenditions>();

async function renditionsOf(bench: Bench, path: string): Promise<PhotoRenditions> {
  let made = renditions.get(path);
  if (!made) {
    made = await makeRenditions(bench.browser, readFileSync(path));
    renditions.set(path, made);
  }
  return made;
}

const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

export async function seedAlbum(
  bench: Bench,
  options: { name: string; count: number; isPublic?: boolean; distinctPreviews?: boolean },
): Promise<SeededAlbum> {
  const albumId = randomUUID();
  await createAlbum(bench.admin, albumId, {
    name: options.name,
    description: `${options.count} photos, seeded by the bench`,
    isPublic: options.isPublic ?? false,
  });
  const sources = await Promise.all(
    bench.photos.map(async (photo) => {
      const made = await renditionsOf(bench, photo.path);
      const id = randomUUID();
      const fileUrl = await uploadOriginal(
        bench.admin,
        `${albumId}/${id}.jpg`,
        blob(readFileSync(photo.path), 'image/jpeg'),
        'image/jpeg',
      );
      const previewUrl = await uploadToPhotos(
        bench.admin,
        `${albumId}/${id}.preview.webp`,
        blob(made.preview, 'image/webp'),
        'image/webp',
      );
      return { photo, made, fileUrl, previewUrl };
    }),
  );
  const rows = Array.from({ length: options.count }, (_, index) => ({
    id: randomUUID(),
    index,
    source: sources[index % sources.length]!,
  }));
  const thumbUrls: string[] = [];
  const previewUrls: string[] = [];
  const coverUrls: Array<string | null> = [];
  await inParallel(rows, 6, async ({ id, index, source }) => {
    thumbUrls[index] = await uploadToPhotos(
      bench.admin,
      `${albumId}/${id}.thumb.webp`,
      blob(source.made.thumb, 'image/webp'),
      'image/webp',
    );
    previewUrls[index] = options.distinctPreviews
      ? await uploadToPhotos(
          bench.admin,
          `${albumId}/${id}.preview.webp`,
          blob(source.made.preview, 'image/webp'),
          'image/webp',
        )
      : source.previewUrl;
    // Every photo's cover, or (the previews shared) the album's cover photo's: no album here is
    // one the admin app would make a cover for in the background.
    coverUrls[index] =
      options.distinctPreviews || index === 0
        ? await uploadToPhotos(
            bench.admin,
            `${albumId}/${id}.cover.webp`,
            blob(source.made.cover, 'image/webp'),
            'image/webp',
          )
        : null;
  });
  await bench.sql(
    `insert into public.photos (id, album_id, filename, file_url, thumb_url, preview_url, cover_url, original_filename, file_size, width, height, mime_type, created_at)
     select r.id, $1, r.id || '.jpg', r.file_url, r.thumb_url, r.preview_url, r.cover_url, r.original_filename, r.file_size, r.width, r.height, 'image/jpeg',
            now() + make_interval(secs => r.n)
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::int[], $10::text[])
            with ordinality as r(id, file_url, thumb_url, preview_url, original_filename, file_size, width, height, cover_url, n)`,
    [
      albumId,
      rows.map((row) => row.id),
      rows.map((row) => row.source.fileUrl),
      thumbUrls,
      previewUrls,
      rows.map((row) => `DSC_${String(row.index + 1).padStart(5, '0')}.jpg`),
      rows.map((row) => row.source.photo.bytes),
      rows.map((row) => row.source.made.width),
      rows.map((row) => row.source.made.height),
      coverUrls,
    ],
  );
  return { id: albumId, photoIds: rows.map((row) => row.id) };
}

/** A client link to an album (as the admin Links screen makes it); returns its access token. */
export async function seedClientLink(
  bench: Bench,
  albumId: string,
  options: { allowDownloads?: boolean; passcode?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await bench.sql(
    'insert into public.gallery_links (album_id, access_token, allow_downloads, passcode) values ($1, $2, $3, $4)',
    [albumId, token, options.allowDownloads ?? true, options.passcode ?? null],
  );
  return token;
}

/** A curated public gallery of these photos, in this order. */
export async function seedPublicGallery(
  bench: Bench,
  title: string,
  photoIds: string[],
): Promise<string> {
  const id = randomUUID();
  await createPublicGallery(bench.admin, id, {
    title,
    description: `${photoIds.length} favourites`,
    isActive: true,
  });
  await setGalleryPhotos(bench.admin, id, photoIds);
  return id;
}
