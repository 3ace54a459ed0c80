import type { Rendition } from '@/lib/backend/photo-objects';

/** What renditions.ts and its worker (rendition-worker.ts) say to each other. */
export interface RenditionRequest {
  original: Blob;
  /** Long edges, in pixels. */
  edges: Readonly<Record<Rendition, number>>;
}

export type RenditionReply =
  | {
      ok: true;
      /** The photo's displayed size: its EXIF orientation applied. */
      width: number;
      height: number;
      /** WebP, or JPEG from a browser that cannot encode WebP (the blob's type says which). */
      preview: Blob;
      cover: Blob;
      thumb: Blob;
    }
  | { ok: false; message: string };
