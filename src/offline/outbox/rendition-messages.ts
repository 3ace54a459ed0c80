import type { Rendition } from '@/lib/backend/photo-objects';

/** What renditions.ts and its worker (rendition-worker.ts) say to each other. */
export interface RenditionRequest {
  /** The photo: its original, or (for a cover made later) its preview. */
  original: Blob;
  /** The renditions to make and their long edges, in pixels. */
  edges: Readonly<Partial<Record<Rendition, number>>>;
}

export type RenditionReply =
  | {
      ok: true;
      /** The photo's displayed size: its EXIF orientation applied. */
      width: number;
      height: number;
      /** WebP, or JPEG from a browser that cannot encode WebP (the blob's type says which). */
      renditions: Partial<Record<Rendition, Blob>>;
    }
  | { ok: false; message: string };
