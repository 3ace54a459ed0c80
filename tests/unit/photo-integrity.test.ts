import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { checkImageBytes, checkPhotoReadable } from '@/offline/outbox/photo-integrity';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', name)));
const concat = (...parts: ArrayLike<number>[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const ascii = (text: string) => new TextEncoder().encode(text);
/** Offsets where `sequence` starts in `bytes`. */
const offsetsOf = (bytes: Uint8Array, sequence: number[]) => {
  const found: number[] = [];
  for (let i = 0; i + sequence.length <= bytes.length; i++)
    if (sequence.every((byte, k) => bytes[i + k] === byte)) found.push(i);
  return found;
};
const EOI = [0xff, 0xd9];
const SOS = [0xff, 0xda];

const OK = { ok: true };
const TRUNCATED = { ok: false, reason: 'truncated' };
const NOT_AN_IMAGE = { ok: false, reason: 'not-an-image' };
const TEXT = ascii('Shot list for Saturday\n- ceremony at 2 pm\n- family portraits by the lake\n');

/** Cut at 10%, 50% and 99% of the file, and a few bytes before its end. */
const cutsOf = (bytes: Uint8Array, endCuts: number[]) => [
  ...[0.1, 0.5, 0.99].map(
    (share) => ['at ' + share * 100 + '%', Math.floor(bytes.length * share)] as const,
  ),
  ...endCuts.map((back) => [`${back} bytes before the end`, bytes.length - back] as const),
];

describe('checkImageBytes: JPEG', () => {
  const jpegs = [
    'landscape.jpg',
    'portrait.jpg',
    'rotated-exif6.jpg',
    'progressive.jpg',
    'exif-thumbnail.jpg',
  ];

  it.each(jpegs)(
    'passes %s whole, and refuses it cut at 10, 50 and 99 percent and just before its EOI',
    (name) => {
      const jpeg = fixture(name);
      expect(offsetsOf(jpeg, EOI).at(-1)).toBe(jpeg.length - 2); // so a cut of 2 is just before the EOI
      expect(checkImageBytes(jpeg, 'image/jpeg')).toEqual(OK);
      for (const [where, length] of cutsOf(jpeg, [2, 1])) {
        expect({ where, check: checkImageBytes(jpeg.subarray(0, length), 'image/jpeg') }).toEqual({
          where,
          check: TRUNCATED,
        });
      }
    },
  );

  it('passes a whole progressive JPEG and refuses one cut between its scans', () => {
    const jpeg = fixture('progressive.jpg');
    const scans = offsetsOf(jpeg, SOS);
    expect(scans.length).toBeGreaterThan(2);
    expect(checkImageBytes(jpeg, 'image/jpeg')).toEqual(OK);
    // Right before the last scan's header: all earlier scans complete, no EOI.
    expect(checkImageBytes(jpeg.subarray(0, scans.at(-1)), 'image/jpeg')).toEqual(TRUNCATED);
  });

  it("refuses a JPEG cut inside its main image even though its EXIF thumbnail's EOI comes before", () => {
    const jpeg = fixture('exif-thumbnail.jpg');
    const mainScan = offsetsOf(jpeg, SOS).at(-1)!;
    const thumbnailEnd = offsetsOf(jpeg, EOI)[0]!;
    expect(thumbnailEnd).toBeLessThan(mainScan); // the thumbnail (SOI … EOI) sits in APP1, before the main scan
    const cut = jpeg.subarray(0, Math.floor((mainScan + jpeg.length) / 2));
    expect(offsetsOf(cut, EOI)).toContain(thumbnailEnd);
    expect(checkImageBytes(cut, 'image/jpeg')).toEqual(TRUNCATED);
  });

  it("passes a JPEG with bytes after its EOI, as a motion photo's video", () => {
    const video = concat(
      [0, 0, 0, 0x18],
      ascii('ftypmp42'),
      [0, 0, 0, 0],
      ascii('isommp42'),
      [0xff, 0xd8, 0xff, 0xd9, 0x13, 0x37],
    );
    expect(checkImageBytes(concat(fixture('portrait.jpg'), video), 'image/jpeg')).toEqual(OK);
  });

  it('refuses a JPEG whose second half was lost as zeros (a failing card), though its length is whole', () => {
    const jpeg = fixture('landscape.jpg').slice();
    jpeg.fill(0, jpeg.length >> 1);
    expect(checkImageBytes(jpeg, 'image/jpeg')).toEqual(TRUNCATED);
  });

  it('passes stray bytes between segments, which libjpeg (and so browsers) step over', () => {
    const jpeg = fixture('landscape.jpg');
    const afterApp0 = 4 + ((jpeg[4]! << 8) | jpeg[5]!);
    expect(jpeg[afterApp0]).toBe(0xff);
    expect(
      checkImageBytes(
        concat(jpeg.subarray(0, afterApp0), [0, 0, 0], jpeg.subarray(afterApp0)),
        'image/jpeg',
      ),
    ).toEqual(OK);
  });

  it('refuses a text file, a PNG and an empty file named .jpg, and a JPEG with no image in it, as not an image', () => {
    expect(checkImageBytes(TEXT, 'image/jpeg')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(fixture('landscape.png'), 'image/jpeg')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(new Uint8Array(0), 'image/jpeg')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg')).toEqual(
      NOT_AN_IMAGE,
    );
  });
});

describe('checkImageBytes: PNG', () => {
  const png = fixture('landscape.png');
  const chunkEnd = (type: string) => {
    const at = offsetsOf(png, [...ascii(type)])[0]! - 4;
    return at + 12 + ((png[at]! << 24) | (png[at + 1]! << 16) | (png[at + 2]! << 8) | png[at + 3]!);
  };

  it('passes a whole PNG and refuses it cut anywhere, even between chunks, or just before IEND', () => {
    expect(checkImageBytes(png, 'image/png')).toEqual(OK);
    for (const [where, length] of [
      ...cutsOf(png, [12, 1]),
      ['after IDAT', chunkEnd('IDAT')] as const,
    ]) {
      expect({ where, check: checkImageBytes(png.subarray(0, length), 'image/png') }).toEqual({
        where,
        check: TRUNCATED,
      });
    }
  });

  it('refuses a JPEG or text named .png, and a signature without IHDR, as not an image', () => {
    expect(checkImageBytes(fixture('landscape.jpg'), 'image/png')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(TEXT, 'image/png')).toEqual(NOT_AN_IMAGE);
    expect(
      checkImageBytes(concat(png.subarray(0, 8), png.subarray(chunkEnd('IHDR'))), 'image/png'),
    ).toEqual(NOT_AN_IMAGE);
  });
});

describe('checkImageBytes: GIF', () => {
  const gif = fixture('animated.gif');

  it('passes a whole GIF and refuses it cut, even where the cut ends on a 0x3B byte', () => {
    expect(gif.at(-1)).toBe(0x3b);
    expect(checkImageBytes(gif, 'image/gif')).toEqual(OK);
    const inner3B = gif.indexOf(0x3b, gif.length >> 1);
    expect(inner3B).toBeLessThan(gif.length - 1);
    for (const [where, length] of [
      ...cutsOf(gif, [1]),
      ['after a 0x3B inside', inner3B + 1] as const,
    ]) {
      expect({ where, check: checkImageBytes(gif.subarray(0, length), 'image/gif') }).toEqual({
        where,
        check: TRUNCATED,
      });
    }
  });

  it('passes zero padding after the trailer, which browsers ignore', () => {
    expect(checkImageBytes(concat(gif, new Uint8Array(512)), 'image/gif')).toEqual(OK);
  });

  it('refuses a GIF header followed by text as broken, and text or a PNG named .gif as not an image', () => {
    expect(checkImageBytes(concat(gif.subarray(0, 13), TEXT), 'image/gif')).toEqual(TRUNCATED);
    expect(checkImageBytes(TEXT, 'image/gif')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(fixture('landscape.png'), 'image/gif')).toEqual(NOT_AN_IMAGE);
  });
});

describe('checkImageBytes: WebP', () => {
  const webp = fixture('landscape.webp');

  it('passes a whole WebP, also with bytes after its RIFF, and refuses it cut', () => {
    expect(checkImageBytes(webp, 'image/webp')).toEqual(OK);
    expect(checkImageBytes(concat(webp, [0, 0, 0, 0]), 'image/webp')).toEqual(OK);
    for (const [where, length] of cutsOf(webp, [1])) {
      expect({ where, check: checkImageBytes(webp.subarray(0, length), 'image/webp') }).toEqual({
        where,
        check: TRUNCATED,
      });
    }
  });

  it('refuses a RIFF of another kind, or a JPEG named .webp, as not an image', () => {
    const wave = webp.slice();
    wave.set(ascii('WAVE'), 8);
    expect(checkImageBytes(wave, 'image/webp')).toEqual(NOT_AN_IMAGE);
    const noVp8 = webp.slice();
    noVp8.set(ascii('fmt '), 12);
    expect(checkImageBytes(noVp8, 'image/webp')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(fixture('landscape.jpg'), 'image/webp')).toEqual(NOT_AN_IMAGE);
  });
});

describe('checkImageBytes: AVIF', () => {
  const avif = fixture('landscape.avif');
  const mdat = offsetsOf(avif, [...ascii('mdat')])[0]! - 4;

  it('passes a whole AVIF and refuses it cut, also exactly between its meta and mdat boxes', () => {
    expect(checkImageBytes(avif, 'image/avif')).toEqual(OK);
    for (const [where, length] of [...cutsOf(avif, [1]), ['before mdat', mdat] as const]) {
      expect({ where, check: checkImageBytes(avif.subarray(0, length), 'image/avif') }).toEqual({
        where,
        check: TRUNCATED,
      });
    }
  });

  it('refuses a cut AVIF whose mdat runs "to the end of the file", by the extents its iloc lists', () => {
    const toEnd = avif.slice();
    toEnd.set([0, 0, 0, 0], mdat); // box size 0: the box runs to the end of the file
    expect(checkImageBytes(toEnd, 'image/avif')).toEqual(OK);
    expect(checkImageBytes(toEnd.subarray(0, toEnd.length - 100), 'image/avif')).toEqual(TRUNCATED);
  });

  it('refuses HEIC (ftyp heic, mif1), a JPEG named .avif and text as not an image', () => {
    const heic = avif.slice();
    for (const at of offsetsOf(heic.subarray(0, 32), [...ascii('avif')]))
      heic.set(ascii('heic'), at);
    expect(String.fromCharCode(...heic.subarray(4, 32))).toContain('mif1');
    expect(checkImageBytes(heic, 'image/avif')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(fixture('landscape.jpg'), 'image/avif')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(TEXT, 'image/avif')).toEqual(NOT_AN_IMAGE);
  });
});

describe('checkImageBytes: other types', () => {
  it('refuses types the bucket does not store', () => {
    expect(checkImageBytes(fixture('landscape.jpg'), 'image/heic')).toEqual(NOT_AN_IMAGE);
    expect(checkImageBytes(TEXT, 'text/plain')).toEqual(NOT_AN_IMAGE);
  });
});

describe('checkPhotoReadable', () => {
  // jsdom's File cannot give its bytes (no arrayBuffer); Node's can, as browsers' do.
  const file = (bytes: Uint8Array, name: string, type: string) =>
    new NodeFile([bytes], name, { type }) as unknown as File;
  const jpeg = fixture('landscape.jpg');

  it('passes a whole photo the browser reads', async () => {
    const readsHeader = vi.fn(async () => true);
    expect(await checkPhotoReadable(file(jpeg, 'IMG_0412.jpg', 'image/jpeg'), readsHeader)).toEqual(
      OK,
    );
    expect(readsHeader).toHaveBeenCalledOnce();
  });

  it('names a cut photo and says to copy it again, without asking the browser', async () => {
    const readsHeader = vi.fn(async () => true);
    const check = await checkPhotoReadable(
      file(jpeg.subarray(0, jpeg.length >> 1), 'IMG_0412.jpg', 'image/jpeg'),
      readsHeader,
    );
    expect(check).toEqual({
      ok: false,
      title: 'Photo could not be read',
      message:
        '“IMG_0412.jpg” is incomplete, perhaps cut off while copying from the card. Copy it again, then add it.',
    });
    expect(readsHeader).not.toHaveBeenCalled();
  });

  it('names a file that is no photo and says how to export it', async () => {
    expect(
      await checkPhotoReadable(file(TEXT, 'notes.jpg', 'image/jpeg'), async () => true),
    ).toEqual({
      ok: false,
      title: 'Photo could not be read',
      message:
        '“notes.jpg” is not a JPEG file this browser can read. Export it again as JPEG, PNG, WebP, GIF or AVIF, then add it.',
    });
  });

  it('refuses a whole-looking photo the browser cannot read', async () => {
    const check = await checkPhotoReadable(
      file(fixture('landscape.avif'), 'field.avif', 'image/avif'),
      async () => false,
    );
    expect(check).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^“field\.avif” is not an AVIF file this browser can read\./),
    });
  });

  it('says to reconnect the card when the file cannot be opened any more', async () => {
    const gone = file(jpeg, 'IMG_0413.jpg', 'image/jpeg');
    gone.arrayBuffer = () =>
      Promise.reject(new DOMException('The file could not be read', 'NotReadableError'));
    expect(await checkPhotoReadable(gone, async () => true)).toEqual({
      ok: false,
      title: 'Photo could not be read',
      message:
        '“IMG_0413.jpg” could not be opened. Check that the card or drive is still connected, then add it again.',
    });
  });
});
