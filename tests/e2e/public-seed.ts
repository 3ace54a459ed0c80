/**
 * Seeds what visitors and clients see, the way the admin app would leave it: real JPEG
 * originals, WebP thumbnails, covers and previews (made by Chromium's canvas, honouring EXIF)
 * in storage, rows made through the admin RPCs. Each call makes fresh, uniquely named data.
 * An album can be seeded as one uploaded before cover renditions existed (none).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { adminLogin } from '@/lib/backend/admin-auth';
import { addPhoto, createAlbum } from '@/lib/backend/albums';
import { RENDITION_EDGES } from '@/lib/backend/photo-objects';
import { createBackend, type AdminCredentials, type Backend } from '@/lib/backend/client';
import type { PhotoLayout, VisitorDownloads } from '@/lib/backend/database.types';
import { createPublicGallery, setGalleryPhotos } from '@/lib/backend/public-galleries';
import { uploadOriginal, uploadToPhotos } from '@/lib/backend/storage';
import { adminPassword, workerStack, launchBrowser, sql } from './browser';

export type FixtureName = 'landscape.jpg' | 'portrait.jpg' | 'rotated-exif6.jpg';

export interface SeededPhoto {
  id: string;
  originalFilename: string;
  fileUrl: string;
  thumbUrl: string;
  /** Null for a photo seeded as uploaded before cover renditions existed. */
  coverUrl: string | null;
  previewUrl: string;
  bytes: Buffer;
}

let admin: Backend | undefined;

/** A backend client signed in as the superuser (made once per test file). */
export async function adminBackend(): Promise<Backend> {
  if (admin) return admin;
  const { url, anonKey } = workerStack();
  let credentials: AdminCredentials | null = null;
  const backend = createBackend(
    { supabaseUrl: url, supabaseAnonKey: anonKey },
    { credentials: () => credentials, realtimeTransport: WebSocket },
  );
  const token = await adminLogin(backend, 'admin', adminPassword());
  credentials = { username: 'admin', token: token! };
  admin = backend;
  return backend;
}

const renditionCache = new Map<
  string,
  { thumb: Buffer; cover: Buffer; preview: Buffer; width: number; height: number }
>();

/** Thumbnail, cover and preview WebPs of a JPEG, drawn upright by Chromium. */
async function renditionsOf(name: FixtureName, bytes: Buffer) {
  const cached = renditionCache.get(name);
  if (cached) return cached;
  const page = await (await launchBrowser()).newPage();
  try {
    const result = await page.evaluate(
      async ({ base64, edges }) => {
        const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], {
          type: 'image/jpeg',
        });
        const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
        const encode = async (longEdge: number) => {
          const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
          const canvas = new OffscreenCanvas(
            Math.round(bitmap.width * scale),
            Math.round(bitmap.height * scale),
          );
          canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
          const webp = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
          const raw = new Uint8Array(await webp.arrayBuffer());
          let text = '';
          for (const byte of raw) text += String.fromCharCode(byte);
          return btoa(text);
        };
        return {
          thumb: await encode(edges.thumb),
          cover: await encode(edges.cover),
          preview: await encode(edges.preview),
          width: bitmap.width,
          height: bitmap.height,
        };
      },
      { base64: bytes.toString('base64'), edges: RENDITION_EDGES },
    );
    const made = {
      thumb: Buffer.from(result.thumb, 'base64'),
      cover: Buffer.from(result.cover, 'base64'),
      preview: Buffer.from(result.preview, 'base64'),
      width: result.width,
      height: result.height,
    };
    renditionCache.set(name, made);
    return made;
  } finally {
    await page.close();
  }
}

export const fixtureBytes = (name: FixtureName) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', name));

/** Uploads one photo (original + renditions) into an album and records it, as the admin upload does. */
export async function seedPhoto(
  albumId: string,
  fixture: FixtureName,
  originalFilename: string = fixture,
  { beforeCovers = false }: { beforeCovers?: boolean } = {},
): Promise<SeededPhoto> {
  const backend = await adminBackend();
  const bytes = fixtureBytes(fixture);
  const { thumb, cover, preview, width, height } = await renditionsOf(fixture, bytes);
  const id = randomUUID();
  const fileUrl = await uploadOriginal(
    backend,
    `${albumId}/${id}.jpg`,
    new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    'image/jpeg',
  );
  const thumbUrl = await uploadToPhotos(
    backend,
    `${albumId}/${id}.thumb.webp`,
    new Blob([new Uint8Array(thumb)], { type: 'image/webp' }),
    'image/webp',
  );
  const previewUrl = await uploadToPhotos(
    backend,
    `${albumId}/${id}.preview.webp`,
    new Blob([new Uint8Array(preview)], { type: 'image/webp' }),
    'image/webp',
  );
  const coverUrl = beforeCovers
    ? null
    : await uploadToPhotos(
        backend,
        `${albumId}/${id}.cover.webp`,
        new Blob([new Uint8Array(cover)], { type: 'image/webp' }),
        'image/webp',
      );
  await addPhoto(backend, {
    id,
    albumId,
    filename: `${id}.jpg`,
    originalFilename,
    fileUrl,
    thumbUrl,
    coverUrl,
    previewUrl,
    fileSize: bytes.length,
    width,
    height,
    mimeType: 'image/jpeg',
  });
  return { id, originalFilename, fileUrl, thumbUrl, coverUrl, previewUrl, bytes };
}

/** An album with these photos, uploaded in order (so the grid shows them in this order). */
export async function seedAlbum(options: {
  name: string;
  description?: string | null;
  isPublic?: boolean;
  visitorDownloads?: VisitorDownloads;
  photoLayout?: PhotoLayout;
  photos: Array<FixtureName | { fixture: FixtureName; originalFilename: string }>;
  /** As an album uploaded before cover renditions existed: its photos have none. */
  beforeCovers?: boolean;
}): Promise<{ id: string; photos: SeededPhoto[] }> {
  const backend = await adminBackend();
  const id = randomUUID();
  await createAlbum(backend, id, {
    name: options.name,
    description: options.description ?? null,
    isPublic: options.isPublic ?? false,
    visitorDownloads: options.visitorDownloads,
    photoLayout: options.photoLayout,
  });
  const photos: SeededPhoto[] = [];
  for (const photo of options.photos) {
    const [fixture, originalFilename] =
      typeof photo === 'string' ? [photo, photo] : [photo.fixture, photo.originalFilename];
    photos.push(
      await seedPhoto(id, fixture, originalFilename, { beforeCovers: options.beforeCovers }),
    );
  }
  return { id, photos };
}

/** A curated public gallery showing these photos in this order. */
export async function seedPublicGallery(options: {
  title: string;
  description?: string | null;
  isActive?: boolean;
  visitorDownloads?: VisitorDownloads;
  photoLayout?: PhotoLayout;
  photoIds: string[];
}): Promise<string> {
  const backend = await adminBackend();
  const id = randomUUID();
  await createPublicGallery(backend, id, {
    title: options.title,
    description: options.description ?? null,
    isActive: options.isActive ?? true,
    visitorDownloads: options.visitorDownloads,
    photoLayout: options.photoLayout,
  });
  await setGalleryPhotos(backend, id, options.photoIds);
  return id;
}

/** A client link to an album; returns its access token. */
export async function seedClientLink(options: {
  albumId: string;
  passcode?: string | null;
  allowDownloads?: boolean;
  isActive?: boolean;
  expiresAt?: Date | null;
  downloadSize?: 'original' | 'web';
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql(
    `insert into public.gallery_links (album_id, access_token, passcode, allow_downloads, is_active, expires_at, download_size)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      options.albumId,
      token,
      options.passcode ?? null,
      options.allowDownloads ?? true,
      options.isActive ?? true,
      options.expiresAt ?? null,
      options.downloadSize ?? 'original',
    ],
  );
  return token;
}

/**
 * Adds `count` photo rows to an album that all show the files of `template` (for albums of
 * thousands of photos without uploading thousands of files). Their times keep their order.
 */
export async function addPhotoRows(
  albumId: string,
  template: SeededPhoto,
  count: number,
): Promise<void> {
  await sql(
    `insert into public.photos (album_id, filename, file_url, thumb_url, preview_url, original_filename, file_size, width, height, mime_type, created_at)
     select $1, 'bulk-' || n || '.jpg', $2, $3, $4, 'photo-' || n || '.jpg', $5, p.width, p.height, 'image/jpeg',
            now() + make_interval(secs => n)
       from generate_series(1, $6::int) n, public.photos p where p.id = $7`,
    [
      albumId,
      template.fileUrl,
      template.thumbUrl,
      template.previewUrl,
      template.bytes.length,
      count,
      template.id,
    ],
  );
}
