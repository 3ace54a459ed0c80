/**
 * The photo-object naming contract, in one place (docs/SECURITY.md, classes 3 and 6): where a
 * photo's three files live and how a stored row names them. The database holds the same rule
 * (supabase/migrations/20261124000200_private_originals.sql).
 *
 * - The original: private bucket `originals`, `{album}/{photo}.{ext}`, stored as the path
 *   `/storage/v1/object/authenticated/originals/{album}/{photo}.{ext}`. Rows written before
 *   originals were private may still name bucket `photos` (public) until they are moved.
 * - The renditions: public bucket `photos`, `{album}/{photo}.thumb.webp`, `.cover.webp` and
 *   `.preview.webp`, stored as `/storage/v1/object/public/photos/…`. Photos uploaded before
 *   the cover rendition existed have only the other two (migration 20261127000300).
 */
export const PHOTOS_BUCKET = 'photos';
export const ORIGINALS_BUCKET = 'originals';

export type PhotoBucket = typeof PHOTOS_BUCKET | typeof ORIGINALS_BUCKET;

export const PUBLIC_PHOTOS_PATH = `/storage/v1/object/public/${PHOTOS_BUCKET}/`;
export const ORIGINALS_PATH = `/storage/v1/object/authenticated/${ORIGINALS_BUCKET}/`;

/**
 * The renditions' long edges, in pixels: the thumbnail for grids, the cover for a first
 * screen's full-width photo (a phone's width at its pixel ratio), the preview for the viewer.
 */
export const RENDITION_EDGES = { thumb: 480, cover: 1200, preview: 2048 } as const;

export type Rendition = keyof typeof RENDITION_EDGES;

/** The object name of one of a photo's renditions, in bucket photos. */
export const renditionName = (albumId: string, photoId: string, rendition: Rendition) =>
  `${albumId}/${photoId}.${rendition}.webp`;

/** The object names of one photo: its original and its renditions. */
export function photoObjectNames(albumId: string, photoId: string, extension: string) {
  return {
    original: `${albumId}/${photoId}.${extension}`,
    thumb: renditionName(albumId, photoId, 'thumb'),
    cover: renditionName(albumId, photoId, 'cover'),
    preview: renditionName(albumId, photoId, 'preview'),
  };
}

/** How a row stores the original named `name` (a path, resolved against the backend). */
export const originalPath = (name: string) => `${ORIGINALS_PATH}${name}`;

function nameAfter(url: string, prefix: string): string | null {
  const at = url.indexOf(prefix);
  if (at === -1) return null;
  try {
    return decodeURIComponent(url.slice(at + prefix.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
}

/** The object name inside bucket photos of one of its public URLs (or paths), or null. */
export const photosObjectName = (url: string): string | null => nameAfter(url, PUBLIC_PHOTOS_PATH);

/**
 * Which photo a rendition's address (or path) belongs to, as `{album}/{photo}`, and which
 * rendition it is; null for any other address.
 */
export function renditionOf(url: string): { photo: string; rendition: Rendition } | null {
  const match = /^([^/]+\/[^/]+)\.(thumb|cover|preview)\.webp$/.exec(photosObjectName(url) ?? '');
  return match ? { photo: match[1]!, rendition: match[2] as Rendition } : null;
}

/** Whether two addresses are renditions of one photo (the cover and the preview of a photo, say). */
export function sameRenditionPhoto(a: string | null | undefined, b: string | null | undefined) {
  const photo = a ? renditionOf(a)?.photo : undefined;
  return photo !== undefined && !!b && renditionOf(b)?.photo === photo;
}

/** The object a stored original URL names, in whichever bucket it is; null for anything else. */
export function originalObject(
  fileUrl: string | null | undefined,
): { bucket: PhotoBucket; name: string } | null {
  if (!fileUrl) return null;
  const original = nameAfter(fileUrl, ORIGINALS_PATH);
  if (original) return { bucket: ORIGINALS_BUCKET, name: original };
  const legacy = photosObjectName(fileUrl);
  return legacy ? { bucket: PHOTOS_BUCKET, name: legacy } : null;
}

/**
 * What a page may show as a photo's image: a rendition, or an original that is still a public
 * object (rows not yet moved). Never a private original, which no <img> can load. As the
 * database's private.photo_display_url.
 */
export function photoDisplayUrl(photo: {
  thumb_url: string | null;
  preview_url?: string | null;
  file_url: string | null;
}): string | null {
  return (
    photo.thumb_url ??
    photo.preview_url ??
    (originalObject(photo.file_url)?.bucket === PHOTOS_BUCKET ? photo.file_url : null)
  );
}
