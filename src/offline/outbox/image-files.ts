/**
 * Which files the site takes as images, and how they are named in bucket photos. Shared by
 * photo uploads, the logo and the hero image.
 */

/** The types bucket photos stores: raster images browsers can show (never SVG). */
export const STORABLE_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export type ImageCheck = { ok: true } | { ok: false; title: string; message: string };

/** Images only, with the spec's words for anything else (SPEC §5); and only types the bucket stores. */
export function checkStorableImage(file: { name: string; type: string }): ImageCheck {
  if (!file.type.startsWith('image/')) {
    return { ok: false, title: 'Invalid file type', message: `${file.name} is not an image file.` };
  }
  if (!STORABLE_IMAGE_TYPES.includes(file.type)) {
    return {
      ok: false,
      title: 'Unsupported image type',
      message: `${file.name} cannot be shown in browsers; choose a JPEG, PNG, WebP, GIF or AVIF image.`,
    };
  }
  return { ok: true };
}

/** The file's own extension when it is one the bucket allows, else the one of its type. */
export function storageExtension(file: { name: string; type: string }): string {
  const own = /\.([A-Za-z0-9]{2,5})$/.exec(file.name)?.[1]?.toLowerCase();
  const allowed = Object.values(EXTENSIONS).concat('jpeg');
  return own && allowed.includes(own) ? own : (EXTENSIONS[file.type] ?? 'jpg');
}

/** Where a file's bytes wait in IndexedDB until its upload is sent. */
export const fileBlobKey = (path: string) => `file:${path}`;
