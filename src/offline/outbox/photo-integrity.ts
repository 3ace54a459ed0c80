/**
 * Whether a picked photo is whole and readable, checked before it is queued: a photo cut off
 * while copying from a failing card, or a file that is no image at all despite its name,
 * would otherwise fail only later, while its renditions are made in a worker.
 *
 * The structural check is needed beside the browser's: Chromium (156) fires an `<img>`'s load
 * and resolves its decode() for a JPEG, PNG, GIF, WebP or AVIF cut off anywhere after its
 * header, showing the missing part grey. Only createImageBitmap refuses one, by decoding every
 * pixel (about 240 ms and 96 MB for a 24 MP photo); walking the bytes takes milliseconds.
 */
import type { ImageCheck } from './image-files';

export type ImageBytesCheck = { ok: true } | { ok: false; reason: 'not-an-image' | 'truncated' };

const OK: ImageBytesCheck = { ok: true };
const NOT_AN_IMAGE: ImageBytesCheck = { ok: false, reason: 'not-an-image' };
/** The bytes start as the declared format, but end (or break off) before the image is complete. */
const TRUNCATED: ImageBytesCheck = { ok: false, reason: 'truncated' };

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'a JPEG',
  'image/png': 'a PNG',
  'image/webp': 'a WebP',
  'image/gif': 'a GIF',
  'image/avif': 'an AVIF',
};

/**
 * Whether the bytes hold a complete image of the declared type, from their structure alone
 * (pure and synchronous; one linear pass at most, usually far less). Bytes of another format
 * than the declared type are 'not-an-image', as are types outside STORABLE_IMAGE_TYPES.
 */
export function checkImageBytes(bytes: Uint8Array, type: string): ImageBytesCheck {
  switch (type) {
    case 'image/jpeg':
      return checkJpeg(bytes);
    case 'image/png':
      return checkPng(bytes);
    case 'image/gif':
      return checkGif(bytes);
    case 'image/webp':
      return checkWebp(bytes);
    case 'image/avif':
      return checkAvif(bytes);
    default:
      return NOT_AN_IMAGE;
  }
}

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) =>
  b[at]! * 0x1000000 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) =>
  b[at]! + ((b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
const ascii = (b: Uint8Array, at: number, text: string) => {
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/**
 * Where the next JPEG marker starts at or after `from` (its 0xFF), or -1 if none does. As
 * libjpeg does, stray bytes before a marker are passed over; in scan data 0xFF is followed by
 * 0x00 (a stuffed byte), a restart marker (D0–D7) or more 0xFF fill, none of which end the scan.
 * A plain loop: under 50 ms for 40 MB here whatever the data, where indexOf(0xff) was faster
 * on photo-like data but took 400 ms on scan data dense with 0xFF.
 */
function nextJpegMarker(b: Uint8Array, from: number): number {
  const last = b.length - 1;
  for (let i = from; i < last; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i++;
    else if (next !== 0xff) return i;
  }
  return -1;
}

/**
 * SOI, then marker segments walked by their lengths: an EXIF thumbnail inside APP1, with its
 * own EOI, is stepped over whole. Each scan (a progressive JPEG has several, with DHT between
 * them) runs to the next marker; the image is complete at the first EOI after a scan. Bytes
 * after that EOI are allowed: motion photos append a video there, and MPF files a preview.
 */
function checkJpeg(b: Uint8Array): ImageBytesCheck {
  if (b.length < 3 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return NOT_AN_IMAGE;
  let scanned = false;
  let i = 2;
  for (;;) {
    i = nextJpegMarker(b, i);
    if (i < 0) return TRUNCATED;
    const marker = b[i + 1]!;
    i += 2;
    if (marker === 0xd9) return scanned ? OK : NOT_AN_IMAGE; // tables only: nothing to show
    if (marker === 0x01 || marker === 0xd8) continue; // no length follows these
    if (i + 2 > b.length) return TRUNCATED;
    const length = u16(b, i);
    if (length < 2) return TRUNCATED;
    if (i + length > b.length) return TRUNCATED;
    i += length;
    if (marker === 0xda) scanned = true; // its entropy-coded data follows: nextJpegMarker skips it
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The signature, IHDR first, then chunks by their lengths up to IEND. */
function checkPng(b: Uint8Array): ImageBytesCheck {
  if (b.length < 8 || PNG_SIGNATURE.some((byte, at) => b[at] !== byte)) return NOT_AN_IMAGE;
  let i = 8;
  for (let first = true; ; first = false) {
    if (i + 12 > b.length) return TRUNCATED;
    const length = u32(b, i);
    if (first && !ascii(b, i + 4, 'IHDR')) return NOT_AN_IMAGE;
    if (length > 0x7fffffff) return TRUNCATED; // the spec's limit: a damaged length
    const end = i + 12 + length; // length, type, data, CRC
    if (end > b.length) return TRUNCATED;
    if (ascii(b, i + 4, 'IEND')) return OK;
    i = end;
  }
}

/** Sub-blocks (a length byte, then that many bytes) up to the empty one; where they end, or -1. */
function skipGifSubBlocks(b: Uint8Array, from: number): number {
  let i = from;
  while (i < b.length) {
    const size = b[i]!;
    i += 1 + size;
    if (size === 0) return i;
  }
  return -1;
}

/**
 * The header, then blocks walked to the trailer (0x3B). Walking, rather than looking at the
 * last byte, means a cut that happens to end on 0x3B is still caught, and bytes after the
 * trailer (zero padding some tools add) are simply never looked at, as browsers ignore them.
 */
function checkGif(b: Uint8Array): ImageBytesCheck {
  if (!ascii(b, 0, 'GIF87a') && !ascii(b, 0, 'GIF89a')) return NOT_AN_IMAGE;
  if (b.length < 13) return TRUNCATED;
  let i = 13 + (b[10]! & 0x80 ? 3 << ((b[10]! & 7) + 1) : 0); // logical screen, global colours
  let frames = 0;
  for (;;) {
    if (i < 0 || i >= b.length) return TRUNCATED;
    const block = b[i]!;
    if (block === 0x3b) return frames > 0 ? OK : NOT_AN_IMAGE;
    if (block === 0x21) {
      i = skipGifSubBlocks(b, i + 2); // introducer, label, data
    } else if (block === 0x2c) {
      if (i + 10 > b.length) return TRUNCATED;
      const packed = b[i + 9]!;
      i += 10 + (packed & 0x80 ? 3 << ((packed & 7) + 1) : 0) + 1; // descriptor, local colours, LZW code size
      i = skipGifSubBlocks(b, i);
      frames += 1;
    } else {
      return TRUNCATED; // neither block nor trailer: the data broke off or was overwritten
    }
  }
}

/** RIFF, its size, WEBP and a VP8/VP8L/VP8X chunk; the RIFF size must fit in the file. */
function checkWebp(b: Uint8Array): ImageBytesCheck {
  if (b.length < 12 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return NOT_AN_IMAGE;
  if (b.length < 16) return TRUNCATED;
  if (!ascii(b, 12, 'VP8 ') && !ascii(b, 12, 'VP8L') && !ascii(b, 12, 'VP8X')) return NOT_AN_IMAGE;
  return 8 + u32le(b, 4) <= b.length ? OK : TRUNCATED;
}

/** An ISO-BMFF box's size and where its content starts; size 0 runs to the end of the file. */
function boxAt(b: Uint8Array, at: number): { size: number; header: number } | null {
  if (at + 8 > b.length) return null;
  const size = u32(b, at);
  if (size === 1)
    return at + 16 > b.length
      ? null
      : { size: u32(b, at + 8) * 0x100000000 + u32(b, at + 12), header: 16 };
  return { size: size === 0 ? b.length - at : size, header: 8 };
}

/**
 * ftyp first, naming avif (still image) or avis (sequence), as the AVIF spec requires (mif1
 * alone is as likely HEIC, which browsers cannot show); then the top-level boxes, each
 * within the file (a cut file's last box runs past its end), meta among them; and every
 * extent its iloc lists within the file, which catches a cut mdat of size 0 ("to the end").
 */
function checkAvif(b: Uint8Array): ImageBytesCheck {
  if (b.length < 16 || !ascii(b, 4, 'ftyp')) return NOT_AN_IMAGE;
  const ftypSize = u32(b, 0);
  if (ftypSize < 16 || ftypSize % 4 !== 0) return NOT_AN_IMAGE;
  if (ftypSize > b.length) return TRUNCATED;
  let avif = ascii(b, 8, 'avif') || ascii(b, 8, 'avis');
  for (let at = 16; at < ftypSize; at += 4) avif ||= ascii(b, at, 'avif') || ascii(b, at, 'avis');
  if (!avif) return NOT_AN_IMAGE;

  let meta: { start: number; end: number } | null = null;
  for (let i = 0; i < b.length;) {
    const box = boxAt(b, i);
    if (!box || box.size < box.header || i + box.size > b.length) return TRUNCATED;
    if (ascii(b, i + 4, 'meta')) meta = { start: i + box.header + 4, end: i + box.size }; // + FullBox version, flags
    i += box.size;
  }
  if (!meta) return TRUNCATED;
  return avifExtentsFit(b, meta.start, meta.end) ? OK : TRUNCATED;
}

/**
 * Whether meta (from start to end) holds a whole iloc box, and each extent it lists in this
 * file lies within the file. Extents elsewhere (idat, another file) are not checked; nor are
 * iloc versions after 2, which no browser reads.
 */
function avifExtentsFit(b: Uint8Array, start: number, end: number): boolean {
  let p = -1;
  let ilocEnd = -1;
  for (let i = start; i < end;) {
    const box = boxAt(b, i);
    if (!box || box.size < box.header || i + box.size > end) return false;
    if (ascii(b, i + 4, 'iloc')) [p, ilocEnd] = [i + box.header, i + box.size];
    i += box.size;
  }
  if (p < 0) return false;

  const uint = (size: number): number => {
    if (p + size > ilocEnd) throw new RangeError('iloc runs past its box');
    let value = 0;
    for (let k = 0; k < size; k++) value = value * 256 + b[p + k]!;
    p += size;
    return value;
  };
  try {
    const version = uint(1);
    if (version > 2) return true;
    uint(3); // flags
    const sizes = uint(1);
    const [offsetSize, lengthSize] = [sizes >> 4, sizes & 15];
    const moreSizes = uint(1);
    const [baseOffsetSize, indexSize] = [moreSizes >> 4, version > 0 ? moreSizes & 15 : 0];
    const items = uint(version < 2 ? 2 : 4);
    for (let item = 0; item < items; item++) {
      uint(version < 2 ? 2 : 4); // item_ID
      const method = version > 0 ? uint(2) & 15 : 0; // construction_method; 0: offsets in this file
      const dataReference = uint(2);
      const baseOffset = uint(baseOffsetSize);
      const extents = uint(2);
      // With all sizes 0 an extent takes no bytes (and means the whole file): nothing to walk.
      if (offsetSize + lengthSize + indexSize === 0) continue;
      for (let extent = 0; extent < extents; extent++) {
        uint(indexSize);
        const offset = uint(offsetSize);
        const length = uint(lengthSize); // 0: to the end of the file
        if (method === 0 && dataReference === 0 && baseOffset + offset + length > b.length)
          return false;
      }
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the browser takes the file as an image: an `<img>` that is never drawn fires load
 * once it has read the header (the pixels are decoded only when drawn), error if it cannot
 * read it. decode() and createImageBitmap would decode all 24 MP of a photo.
 */
function browserReadsHeader(file: Blob): Promise<boolean> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  return new Promise<boolean>((resolve) => {
    image.onload = () => resolve(image.naturalWidth > 0 && image.naturalHeight > 0);
    image.onerror = () => resolve(false);
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

type Problem = 'not-an-image' | 'truncated' | 'unopenable';

/** The refusal for a photo, naming it and saying what to do. */
function photoProblemMessage(
  file: { name: string; type: string },
  problem: Problem,
): ImageCheck & { ok: false } {
  const name = `“${file.name}”`;
  const title = 'Photo could not be read';
  switch (problem) {
    case 'truncated':
      return {
        ok: false,
        title,
        message: `${name} is incomplete, perhaps cut off while copying from the card. Copy it again, then add it.`,
      };
    case 'not-an-image':
      return {
        ok: false,
        title,
        message: `${name} is not ${TYPE_NAMES[file.type] ?? 'an image'} file this browser can read. Export it again as JPEG, PNG, WebP, GIF or AVIF, then add it.`,
      };
    case 'unopenable':
      return {
        ok: false,
        title,
        message: `${name} could not be opened. Check that the card or drive is still connected, then add it again.`,
      };
  }
}

/**
 * Whether a picked photo (of a type checkStorableImage accepts) is whole and readable: its
 * bytes' structure, then the browser reading its header. Reads the whole file: a JPEG's end
 * is found only by walking its scan data (its last bytes may be a motion photo's video, which
 * can hold FF D9 by chance), and PNG and AVIF structure runs through the file. Check one
 * photo at a time, so only one is in memory at once.
 */
export async function checkPhotoReadable(
  file: File,
  readsHeader: (file: Blob) => Promise<boolean> = browserReadsHeader,
): Promise<ImageCheck> {
  let structure: ImageBytesCheck;
  try {
    // The bytes are not kept: they can be collected while the browser reads the header.
    structure = checkImageBytes(new Uint8Array(await file.arrayBuffer()), file.type);
  } catch {
    // NotReadableError: the card was removed, or the file changed since it was picked.
    return photoProblemMessage(file, 'unopenable');
  }
  if (!structure.ok) return photoProblemMessage(file, structure.reason);
  if (!(await readsHeader(file))) return photoProblemMessage(file, 'not-an-image');
  return { ok: true };
}
