/** What renditions.ts and its worker (rendition-worker.ts) say to each other. */
export interface RenditionRequest {
  original: Blob;
  /** Long edges, in pixels. */
  previewEdge: number;
  thumbEdge: number;
}

export type RenditionReply =
  | {
      ok: true;
      /** The photo's displayed size: its EXIF orientation applied. */
      width: number;
      height: number;
      /** WebP, or JPEG from a browser that cannot encode WebP (the blob's type says which). */
      preview: Blob;
      thumb: Blob;
    }
  | { ok: false; message: string };
