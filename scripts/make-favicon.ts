/**
 * Makes public/favicon.ico from public/icons/icon-192.png: an ICO container holding 32×32 and
 * 48×48 PNG images (Windows Vista and every current browser read PNG inside ICO), for the
 * browsers and crawlers that ask for /favicon.ico whatever the page's <link rel="icon"> says.
 * Each size is the source averaged over square blocks (192 = 6 × 32 = 4 × 48), in premultiplied
 * alpha so transparent corners do not darken the edges. No dependencies: Node's zlib only.
 *
 *   npx tsx scripts/make-favicon.ts      (run again when the icon changes; commit the .ico)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const SOURCE = join(root, 'public', 'icons', 'icon-192.png');
const TARGET = join(root, 'public', 'favicon.ico');
const SIZES = [32, 48];

interface Rgba {
  width: number;
  height: number;
  /** 4 bytes a pixel, rows top to bottom. */
  pixels: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An 8-bit, non-interlaced RGB or RGBA PNG as RGBA pixels (the forms our icons are in). */
function decodePng(file: Buffer): Rgba {
  if (!file.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG file');
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) {
        throw new Error('only 8-bit, non-interlaced RGB or RGBA PNGs are read');
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter!];
      if (predictor === undefined) throw new Error(`unknown PNG filter ${filter}`);
      rows[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rows.copy(pixels, i * 4, i * channels, i * channels + 3);
    pixels[i * 4 + 3] = channels === 4 ? rows[i * channels + 3]! : 255;
  }
  return { width, height, pixels };
}

/** The image averaged over square blocks; `size` must divide the source's side. */
function downscale(image: Rgba, size: number): Rgba {
  const factor = image.width / size;
  if (image.width !== image.height || !Number.isInteger(factor)) {
    throw new Error(
      `a ${image.width}×${image.height} image cannot be averaged down to ${size}×${size}`,
    );
  }
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let dy = 0; dy < factor; dy++) {
        for (let dx = 0; dx < factor; dx++) {
          const at = ((y * factor + dy) * image.width + x * factor + dx) * 4;
          const alpha = image.pixels[at + 3]!;
          r += image.pixels[at]! * alpha;
          g += image.pixels[at + 1]! * alpha;
          b += image.pixels[at + 2]! * alpha;
          a += alpha;
        }
      }
      const out = (y * size + x) * 4;
      pixels[out] = a ? Math.round(r / a) : 0;
      pixels[out + 1] = a ? Math.round(g / a) : 0;
      pixels[out + 2] = a ? Math.round(b / a) : 0;
      pixels[out + 3] = Math.round(a / (factor * factor));
    }
  }
  return { width: size, height: size, pixels };
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

function encodePng(image: Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, adaptive filtering, not interlaced
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++)
    image.pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ICO file (ICONDIR, one ICONDIRENTRY per image, then the images) holding PNG images. */
function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const directory = Buffer.alloc(6 + 16 * images.length);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2); // 1: icon
  directory.writeUInt16LE(images.length, 4);
  let offset = directory.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    directory.writeUInt8(size % 256, entry); // 0 would mean 256
    directory.writeUInt8(size % 256, entry + 1);
    directory.writeUInt8(0, entry + 2); // no palette
    directory.writeUInt8(0, entry + 3);
    directory.writeUInt16LE(1, entry + 4); // colour planes
    directory.writeUInt16LE(32, entry + 6); // bits per pixel
    directory.writeUInt32LE(png.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([directory, ...images.map(({ png }) => png)]);
}

const source = decodePng(readFileSync(SOURCE));
const ico = encodeIco(SIZES.map((size) => ({ size, png: encodePng(downscale(source, size)) })));
writeFileSync(TARGET, ico);
process.stdout.write(
  `${TARGET}: ${SIZES.map((size) => `${size}×${size}`).join(' and ')} PNG, ${ico.length} bytes\n`,
);
