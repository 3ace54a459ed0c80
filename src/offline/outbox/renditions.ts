import imageCompression from 'browser-image-compression';
// The library runs itself in a Web Worker, loading its own script from this URL: a copy
// bundled with the app (and precached), not a CDN, so it works offline and under our CSP.
import compressionScript from 'browser-image-compression/dist/browser-image-compression.js?url';

export const THUMB_EDGE = 480;
export const PREVIEW_EDGE = 2048;

export interface Renditions {
  /** Size of the original as displayed, after its EXIF orientation. */
  width: number;
  height: number;
  thumb: Blob;
  preview: Blob;
}

/**
 * The photo's displayed size (its EXIF orientation applied, as an image element reports it),
 * read from its header: the image element is never drawn, so its pixels are never decoded.
 * (Asking createImageBitmap decoded the whole 24 MP photo a second time, beside the worker's
 * decode: about 200 ms of CPU a photo here.)
 */
async function orientedSize(file: Blob): Promise<{ width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    const loaded = new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = () => reject(new Error('The browser could not decode this photo'));
    });
    image.src = url;
    await loaded;
    return { width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function webp(file: File, maxEdge: number, quality: number): Promise<Blob> {
  return imageCompression(file, {
    maxWidthOrHeight: maxEdge,
    maxSizeMB: maxEdge <= THUMB_EDGE ? 0.25 : 2,
    initialQuality: quality,
    fileType: 'image/webp',
    useWebWorker: true,
    libURL: new URL(compressionScript, window.location.href).href,
  });
}

/**
 * The thumbnail (≤ 480 px long edge) and preview (≤ 2048 px) of a photo, both WebP, made in
 * a Web Worker with the EXIF orientation applied, and the photo's displayed width × height.
 * The thumbnail is made from the preview, not from the original: decoding a 24 MP JPEG is the
 * costly step, and the preview (already upright) holds far more pixels than a thumbnail needs.
 */
export async function makeRenditions(original: Blob, name: string): Promise<Renditions> {
  const file = original instanceof File ? original : new File([original], name, { type: original.type });
  try {
    const [size, preview] = await Promise.all([orientedSize(file), webp(file, PREVIEW_EDGE, 0.85)]);
    const thumb = await webp(new File([preview], 'preview.webp', { type: 'image/webp' }), THUMB_EDGE, 0.8);
    return { ...size, thumb, preview };
  } catch (error) {
    // Whatever the decoder threw (an event, a worker's message): the photographer needs the
    // file's name and what to do. It is a refusal of this photo alone (docs/offline.md).
    throw new Error(`${name} could not be read as a photo. Discard it, then add the file again from the card.`, { cause: error });
  }
}
