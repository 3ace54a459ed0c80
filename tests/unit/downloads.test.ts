// @vitest-environment node
// Node's own Blob and streams: jsdom's Blob has no stream().
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zipFiles, type ZipProgress, type ZipSource } from '@/lib/downloads/album-zip';
import { safeFileName, uniqueFileNames, zipFileName } from '@/lib/downloads/file-names';
import {
  InvalidPhotoUrlError,
  originalRequest,
  webSizeFilename,
} from '@/lib/downloads/photo-download';
import { fileSize, megabytes, photoCount, photosWord } from '@/ui/format';

const backend = { config: { supabaseUrl: 'http://127.0.0.1:9000', supabaseAnonKey: 'anon' } };

describe('wording', () => {
  it('counts photos in the singular and plural', () => {
    expect(photoCount(0)).toBe('0 photos');
    expect(photoCount(1)).toBe('1 photo');
    expect(photoCount(2)).toBe('2 photos');
    expect(photoCount(1000)).toBe('1000 photos');
  });

  it('shows sizes in MB with one decimal', () => {
    expect(megabytes(0)).toBe('0.0 MB');
    expect(megabytes(1024 * 1024)).toBe('1.0 MB');
    expect(megabytes(2_516_582)).toBe('2.4 MB');
    expect(megabytes(52_428_800)).toBe('50.0 MB');
  });

  it("shows a file's size in KB below 1 MB, where '0.0 MB' would say nothing", () => {
    expect(fileSize(0)).toBe('0 KB');
    expect(fileSize(300)).toBe('1 KB');
    expect(fileSize(49_152)).toBe('48 KB');
    expect(fileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(fileSize(1024 * 1024)).toBe('1.0 MB');
    expect(fileSize(2_516_582)).toBe('2.4 MB');
  });

  it('counts photos in sentences with real plurals', () => {
    expect(`1 ${photosWord(1)} uploaded successfully.`).toBe('1 photo uploaded successfully.');
    expect(`3 ${photosWord(3)} uploaded successfully.`).toBe('3 photos uploaded successfully.');
  });
});

describe('download file names', () => {
  it('names the zip after the album, made safe for every file system', () => {
    expect(zipFileName('Harper & Sam — Autumn Wedding')).toBe('Harper & Sam — Autumn Wedding.zip');
    expect(zipFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.zip');
    expect(zipFileName('   ')).toBe('Photos.zip');
    expect(zipFileName('..')).toBe('Photos.zip');
    expect(safeFileName('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
  });

  it('gives repeated names a number so no photo overwrites another', () => {
    expect(
      uniqueFileNames(['IMG_1.jpg', 'img_1.JPG', 'IMG_1.jpg', 'README', 'README', '']),
    ).toEqual([
      'IMG_1.jpg',
      'img_1 (2).JPG',
      'IMG_1 (3).jpg',
      'README',
      'README (2)',
      'photo-6.jpg',
    ]);
  });
});

describe('the original of a photo', () => {
  const grant = () => Promise.resolve({ 'x-download-grant': 'link.123.mac' });

  it('is read from the private bucket with the anon key and the access headers, on the current backend', async () => {
    expect(
      await originalRequest(
        backend,
        '/storage/v1/object/authenticated/originals/album-1/p 1.jpg',
        grant,
      ),
    ).toEqual({
      url: 'http://127.0.0.1:9000/storage/v1/object/authenticated/originals/album-1/p%201.jpg',
      headers: { apikey: 'anon', authorization: 'Bearer anon', 'x-download-grant': 'link.123.mac' },
    });
  });

  it('is read by its public address while it is still in bucket photos (a row not yet moved), with no headers', async () => {
    expect(
      await originalRequest(
        backend,
        'http://old-host:1234/storage/v1/object/public/photos/album-1/p%201.jpg',
        grant,
      ),
    ).toEqual({
      url: 'http://127.0.0.1:9000/storage/v1/object/public/photos/album-1/p%201.jpg',
      headers: {},
    });
  });

  it("refuses an address of neither bucket, or none at all (downloads off): 'Invalid photo URL'", async () => {
    await expect(originalRequest(backend, 'https://example.com/elsewhere/p.jpg')).rejects.toThrow(
      InvalidPhotoUrlError,
    );
    await expect(originalRequest(backend, 'https://example.com/elsewhere/p.jpg')).rejects.toThrow(
      'Invalid photo URL',
    );
    await expect(originalRequest(backend, null)).rejects.toThrow('Invalid photo URL');
  });
});

/** A source whose bytes arrive when the test says so, recording how many are fetched at once. */
function controlledSources(count: number, failing: Set<number> = new Set()) {
  let inFlight = 0;
  let mostInFlight = 0;
  const sources: ZipSource[] = Array.from({ length: count }, (_, index) => ({
    name: `photo-${index}.jpg`,
    size: 100 * (index + 1),
    load: async () => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (failing.has(index)) throw new Error('HTTP 500');
      return new Blob([new Uint8Array(100 * (index + 1)).fill(index)]);
    },
  }));
  return { sources, mostInFlight: () => mostInFlight };
}

const readAll = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

describe('zipping an album', () => {
  it('holds every file, byte for byte and stored (not recompressed), in order', async () => {
    const { sources } = controlledSources(6);
    const { stream, summary } = zipFiles(sources, { concurrency: 2 });
    const zip = await JSZip.loadAsync(await readAll(stream));
    expect(Object.keys(zip.files)).toEqual(sources.map((source) => source.name));
    for (const [index, source] of sources.entries()) {
      const bytes = await zip.file(source.name)!.async('uint8array');
      expect(bytes).toEqual(new Uint8Array(100 * (index + 1)).fill(index));
      // Stored entries: compressed size equals the size.
      const entry = zip.file(source.name) as unknown as {
        _data: { compressedSize: number; uncompressedSize: number };
      };
      expect(entry._data.compressedSize).toBe(entry._data.uncompressedSize);
    }
    expect(await summary).toEqual({ added: 6, skipped: 0 });
  });

  it('skips files that fail, counts them, and keeps going', async () => {
    const { sources } = controlledSources(5, new Set([1, 3]));
    const { stream, summary } = zipFiles(sources, { concurrency: 3 });
    const zip = await JSZip.loadAsync(await readAll(stream));
    expect(Object.keys(zip.files)).toEqual(['photo-0.jpg', 'photo-2.jpg', 'photo-4.jpg']);
    expect(await summary).toEqual({ added: 3, skipped: 2 });
  });

  it('fetches at most `concurrency` files at once and reports progress by bytes', async () => {
    const { sources, mostInFlight } = controlledSources(12);
    const progress: ZipProgress[] = [];
    const { stream } = zipFiles(sources, {
      concurrency: 3,
      onProgress: (step) => progress.push(step),
    });
    await readAll(stream);
    expect(mostInFlight()).toBeLessThanOrEqual(3);
    expect(mostInFlight()).toBeGreaterThan(1);
    expect(progress.map((step) => step.filesDone)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    // 100 + 200 + … : after the first file 100 of 7800 bytes → 1 %.
    expect(progress[0]!.percent).toBe(1);
    expect(progress.at(-1)!.percent).toBe(100);
    expect(progress.map((step) => step.percent)).toEqual(
      [...progress.map((step) => step.percent)].sort((a, b) => a - b),
    );
  });

  it('fetches nothing ahead while nobody reads the zip', async () => {
    const { sources, mostInFlight } = controlledSources(50);
    let loads = 0;
    const counted = sources.map((source) => ({
      ...source,
      load: (signal: AbortSignal) => ((loads += 1), source.load(signal)),
    }));
    const { stream } = zipFiles(counted, { concurrency: 4 });
    const reader = stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The reader took one chunk: only the first window of files was asked for.
    expect(loads).toBeLessThanOrEqual(5);
    expect(mostInFlight()).toBeLessThanOrEqual(4);
    await reader.cancel();
  });

  it('fails the summary when the download is cancelled', async () => {
    const { sources } = controlledSources(10);
    const { stream, summary } = zipFiles(sources, { concurrency: 2 });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await expect(summary).rejects.toThrow('cancelled');
  });
});

describe('web-size downloads', () => {
  it("take the original's name with the rendition's extension", () => {
    const preview = 'http://127.0.0.1:9000/storage/v1/object/public/photos/a/b.preview.webp';
    expect(webSizeFilename('IMG_0042.JPG', preview)).toBe('IMG_0042.webp');
    expect(webSizeFilename('Smith wedding.final.jpeg', preview)).toBe('Smith wedding.final.webp');
    expect(webSizeFilename('no-extension', preview)).toBe('no-extension.webp');
    expect(webSizeFilename('.hidden', preview)).toBe('.hidden.webp');
    // A row not yet moved shows its public original: its own extension.
    expect(
      webSizeFilename(
        'scan.png',
        'http://127.0.0.1:9000/storage/v1/object/public/photos/a/b.png?v=1',
      ),
    ).toBe('scan.png');
  });
});
