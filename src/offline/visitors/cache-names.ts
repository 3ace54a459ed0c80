import { renditionOf } from '@/lib/backend/photo-objects';

/** Cache Storage names shared by the service worker (src-sw) and the page. */
export const CACHE_NAMES = {
  /** Renditions seen while browsing: bounded, evicted first when space is short. */
  renditions: 'photo-renditions',
  /** Previews and thumbnails of albums a client saved for offline: kept until the album is removed. */
  savedAlbums: 'saved-albums',
  /** Anonymous REST reads (public pages), for offline fallback. */
  publicReads: 'public-reads',
  /** Built files outside the precache that a page loaded (a design's fonts): bounded. */
  builtAssets: 'built-assets',
} as const;

/** Whether an address is a rendition (thumbnail, cover, preview) in bucket photos, never an original. */
export const isRendition = (url: URL) => renditionOf(url.pathname) !== null;
