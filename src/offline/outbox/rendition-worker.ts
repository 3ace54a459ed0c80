/**
 * The Web Worker that makes a photo's renditions (renditions.ts hands it the work): one decode
 * of the original, upright (its EXIF orientation applied by the browser), then a resize to the
 * preview's size, from the preview to the cover's and from the cover to the thumbnail's (or
 * only those asked for: a cover made later from a preview), each encoded once. Nothing else: no second decode, no full-size canvas, no size-targeting loop of
 * re-encodes.
 *
 * The resizes ask the browser for its best filter ('high'): besides looking right, a smooth
 * downscale leaves the encoder less noise, so previews come out smaller (and sooner to send).
 */
import type { Rendition } from '@/lib/backend/photo-objects';
import type { RenditionReply, RenditionRequest } from './rendition-messages';

/** Largest first: each rendition is resized from the one before. */
const ORDER: readonly Rendition[] = ['preview', 'cover', 'thumb'];
const QUALITY: Record<Rendition, number> = { preview: 0.85, cover: 0.82, thumb: 0.8 };

interface Sized {
  bitmap: ImageBitmap;
  width: number;
  height: number;
}

/**
 * The picture scaled so its long edge is at most `edge`, by the browser's best filter. The size
 * is kept beside the bitmap: a browser without createImageBitmap's resize options returns it
 * whole, and the canvas then does the scaling.
 */
async function fitted(source: Sized, edge: number): Promise<Sized> {
  const scale = Math.min(1, edge / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const bitmap = await createImageBitmap(source.bitmap, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
  });
  return { bitmap, width, height };
}

/**
 * The bitmap as WebP; as JPEG where the browser cannot encode WebP (Safari answers PNG for
 * it, which would be many times larger). The caller stores the type the blob says it is.
 */
async function encoded({ bitmap, width, height }: Sized, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this worker');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const webp = await canvas.convertToBlob({ type: 'image/webp', quality });
  return webp.type === 'image/webp' ? webp : canvas.convertToBlob({ type: 'image/jpeg', quality });
}

async function renditions({ original, edges }: RenditionRequest): Promise<RenditionReply> {
  const decoded = await createImageBitmap(original, { imageOrientation: 'from-image' });
  const full: Sized = { bitmap: decoded, width: decoded.width, height: decoded.height };
  const made: Partial<Record<Rendition, Blob>> = {};
  let source = full;
  for (const rendition of ORDER) {
    const edge = edges[rendition];
    if (edge === undefined) continue;
    const sized = await fitted(source, edge);
    source.bitmap.close();
    made[rendition] = await encoded(sized, QUALITY[rendition]);
    source = sized;
  }
  source.bitmap.close();
  return { ok: true, width: full.width, height: full.height, renditions: made };
}

self.addEventListener('message', (event: MessageEvent<RenditionRequest>) => {
  renditions(event.data).then(
    (reply) => self.postMessage(reply),
    (error: unknown) =>
      self.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies RenditionReply),
  );
});
