/**
 * Real camera-sized JPEGs for the run: Chromium's canvas draws a gradient, shapes and a
 * noise layer (so the JPEG does not compress to nothing, like a real photo) at 12–24 MP and
 * encodes it with convertToBlob('image/jpeg'); some get an EXIF Orientation tag.
 * Also the WebP renditions the admin upload would make, for seeding albums quickly.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { RENDITION_EDGES } from '../../src/lib/backend/photo-objects';
import { withExifOrientation } from '../../tests/support/exif';
import { newBenchContext } from './chromium';

export interface GeneratedPhoto {
  path: string;
  name: string;
  /** Stored pixel size (before orientation). */
  width: number;
  height: number;
  orientation: number;
  bytes: number;
}

export interface PhotoRenditions {
  thumb: Buffer;
  cover: Buffer;
  preview: Buffer;
  /** Displayed size (after orientation). */
  width: number;
  height: number;
}

const SIZES = [
  [4000, 3000], // 12 MP
  [4928, 3264], // 16 MP
  [5472, 3648], // 20 MP
  [6000, 4000], // 24 MP
] as const;

/** Which of the generated photos carry an EXIF Orientation other than 1. */
const ORIENTATIONS: Record<number, number> = { 1: 6, 6: 8 };

async function drawJpeg(page: Page, width: number, height: number, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, seed }) => {
      let state = seed * 2654435761;
      const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const hue = Math.floor(random() * 360);
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, `hsl(${hue} 55% 70%)`);
      gradient.addColorStop(1, `hsl(${(hue + 60) % 360} 45% 25%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      for (let shape = 0; shape < 120; shape++) {
        context.fillStyle = `hsla(${Math.floor(random() * 360)} 60% ${30 + random() * 50}% / 0.5)`;
        context.beginPath();
        context.arc(
          random() * width,
          random() * height,
          20 + random() * width * 0.12,
          0,
          Math.PI * 2,
        );
        context.fill();
      }
      // Sensor-like grain: a 509 px tile of random pixels laid over everything.
      const tileSize = 509;
      const noise = new ImageData(tileSize, tileSize);
      for (let i = 0; i < noise.data.length; i += 4) {
        const value = random() * 255;
        noise.data[i] = value;
        noise.data[i + 1] = value;
        noise.data[i + 2] = value;
        noise.data[i + 3] = 255;
      }
      const tile = await createImageBitmap(noise);
      context.globalAlpha = 0.12;
      context.fillStyle = context.createPattern(tile, 'repeat')!;
      context.fillRect(0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { width, height, seed },
  );
  return Buffer.from(base64, 'base64');
}

/** Makes `count` JPEGs in `folder`, cycling through 12, 16, 20 and 24 MP. */
export async function generatePhotos(
  browser: Browser,
  folder: string,
  count: number,
): Promise<GeneratedPhoto[]> {
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  try {
    const photos: GeneratedPhoto[] = [];
    for (let index = 0; index < count; index++) {
      const [width, height] = SIZES[index % SIZES.length]!;
      const orientation = ORIENTATIONS[index] ?? 1;
      let bytes: Uint8Array = await drawJpeg(page, width, height, index + 1);
      if (orientation !== 1) bytes = withExifOrientation(bytes, orientation);
      const name = `IMG_${String(1001 + index)}.jpg`;
      const path = join(folder, name);
      writeFileSync(path, bytes);
      photos.push({ path, name, width, height, orientation, bytes: bytes.length });
    }
    return photos;
  } finally {
    await context.close();
  }
}

/** Thumbnail (≤ 480 px), cover (≤ 1200 px) and preview (≤ 2048 px) WebPs of a JPEG, drawn upright by Chromium. */
export async function makeRenditions(browser: Browser, jpeg: Buffer): Promise<PhotoRenditions> {
  const context = await newBenchContext(browser);
  const page = await context.newPage();
  try {
    const result = await page.evaluate(
      async ({ base64, edges }) => {
        const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], {
          type: 'image/jpeg',
        });
        const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
        const encode = async (longEdge: number, quality: number) => {
          const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
          const canvas = new OffscreenCanvas(
            Math.round(bitmap.width * scale),
            Math.round(bitmap.height * scale),
          );
          canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
          const bytes = new Uint8Array(
            await (await canvas.convertToBlob({ type: 'image/webp', quality })).arrayBuffer(),
          );
          let text = '';
          for (let i = 0; i < bytes.length; i += 0x8000)
            text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(text);
        };
        return {
          thumb: await encode(edges.thumb, 0.8),
          cover: await encode(edges.cover, 0.82),
          preview: await encode(edges.preview, 0.85),
          width: bitmap.width,
          height: bitmap.height,
        };
      },
      { base64: jpeg.toString('base64'), edges: RENDITION_EDGES },
    );
    return {
      thumb: Buffer.from(result.thumb, 'base64'),
      cover: Buffer.from(result.cover, 'base64'),
      preview: Buffer.from(result.preview, 'base64'),
      width: result.width,
      height: result.height,
    };
  } finally {
    await context.close();
  }
}
