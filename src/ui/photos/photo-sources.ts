import { experimental_streamedQuery as streamedQuery } from '@tanstack/react-query';
import type { PublicBackend } from '@/lib/backend/public-client';
import type { PhotoRow } from '@/lib/backend/database.types';
import { originalObject, PHOTOS_BUCKET, RENDITION_EDGES } from '@/lib/backend/photo-objects';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { safeImageSrc } from '@/lib/safe-url';
import { whenFirstScreenLoaded } from './first-screen';

/** A photo as grids, the viewer and downloads use it: checked addresses of its three sizes. */
export interface ShownPhoto {
  id: string;
  /** ≤ 480 px WebP for grids (the preview, or a still-public original, when no thumbnail was made). */
  thumbSrc: string;
  /** ≤ 2048 px WebP for the viewer (the thumbnail, or a still-public original, when no preview was made). */
  previewSrc: string;
  /**
   * The stored original URL: what downloads deliver (src/lib/downloads/photo-download.ts).
   * Null when this page may not download it (a client link without downloads).
   */
  fileUrl: string | null;
  originalFilename: string;
  /** The photographer's caption (the alt text), or null. */
  caption: string | null;
  fileSize: number;
  /** Upright pixel size of the original; null for photos recorded without it. */
  width: number | null;
  height: number | null;
}

export type StoredPhoto = Pick<
  PhotoRow,
  'id' | 'thumb_url' | 'preview_url' | 'original_filename' | 'file_size' | 'width' | 'height'
> & {
  file_url: string | null;
  /** Absent in albums a client saved for offline before captions existed. */
  caption?: string | null;
};

/** A photo's alt text in the grid and the viewer: its caption, else its filename. */
export const photoAlt = (photo: Pick<ShownPhoto, 'caption' | 'originalFilename'>) =>
  photo.caption ?? photo.originalFilename;

export const THUMB_WIDTH = RENDITION_EDGES.thumb;
export const PREVIEW_WIDTH = RENDITION_EDGES.preview;

/**
 * Stored photos → shown photos. Only public objects can be images on a page: the renditions,
 * or an original not yet moved to the private bucket. A photo with none of them (or only
 * unsafe addresses) is left out.
 */
export function toShownPhotos(
  backend: Pick<PublicBackend, 'config'>,
  photos: readonly StoredPhoto[],
): ShownPhoto[] {
  return photos.flatMap((photo) => {
    const publicOriginal =
      originalObject(photo.file_url)?.bucket === PHOTOS_BUCKET ? photo.file_url : null;
    const thumb = safeImageSrc(resolveStorageUrl(backend, photo.thumb_url));
    const preview = safeImageSrc(resolveStorageUrl(backend, photo.preview_url));
    const fallback = safeImageSrc(resolveStorageUrl(backend, publicOriginal));
    const previewSrc = preview ?? thumb ?? fallback;
    const thumbSrc = thumb ?? previewSrc;
    if (!previewSrc || !thumbSrc) return [];
    return [
      {
        id: photo.id,
        thumbSrc,
        previewSrc,
        fileUrl: photo.file_url,
        originalFilename: photo.original_filename,
        caption: photo.caption ?? null,
        fileSize: photo.file_size,
        width: photo.width,
        height: photo.height,
      },
    ];
  });
}

/**
 * Starts loading the first thumbnail, at high priority, as soon as its address is known: a
 * gallery page's largest paint is one of the first row, and the grid that shows them is drawn
 * only once React and the page's code have arrived. Only the first: on a phone's connection
 * more would slow the code down that the grid waits for. The grid's image then finds it loaded.
 */
function preloadFirstThumbnail(photos: readonly ShownPhoto[]): void {
  const first = photos[0];
  if (!first || typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = first.thumbSrc;
}

/**
 * A gallery's photos as they arrive: the grid shows the first page at once; what needs every
 * photo (the count, download all, save for offline) waits for `complete`.
 */
export interface PhotoList {
  photos: ShownPhoto[];
  complete: boolean;
}

/**
 * A query function that fills a PhotoList page by page (src/lib/backend/pages.ts), the first
 * page small. A refetch keeps the list shown until the new one is whole. (React Query's
 * streamedQuery is still marked experimental; tests/unit/streamed-photo-list.test.ts pins
 * what is relied on.)
 */
export function streamedPhotoList(
  backend: Pick<PublicBackend, 'config'>,
  pages: () => AsyncIterable<readonly StoredPhoto[]>,
) {
  return streamedQuery<PhotoList, PhotoList>({
    streamFn: async function* () {
      let first = true;
      for await (const page of pages()) {
        const photos = toShownPhotos(backend, page);
        if (first) preloadFirstThumbnail(photos);
        yield { photos, complete: false };
        // The rest is asked for once the first screen's images are in, so on a phone's slow
        // connection it does not share the bandwidth with them (a 1,000-photo album's rest is
        // about 750 KB of JSON).
        if (first) await whenFirstScreenLoaded();
        first = false;
      }
      yield { photos: [], complete: true };
    },
    reducer: (list, chunk) => ({
      photos: chunk.photos.length > 0 ? [...list.photos, ...chunk.photos] : list.photos,
      complete: chunk.complete,
    }),
    initialValue: { photos: [], complete: false },
    refetchMode: 'replace',
  });
}

/** The rendition of a given long edge: how big a thumbnail or preview of this photo really is. */
export function renditionSize(
  photo: Pick<ShownPhoto, 'width' | 'height'>,
  longEdge: number,
): { width: number; height: number } {
  const width = photo.width ?? longEdge;
  const height = photo.height ?? longEdge;
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}
