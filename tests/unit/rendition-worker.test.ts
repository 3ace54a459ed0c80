import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDITION_EDGES } from '@/lib/backend/photo-objects';
import type { RenditionReply, RenditionRequest } from '@/offline/outbox/rendition-messages';

// The renditions worker's decisions, with the browser's decoder and canvas stood in for (the
// real ones run in the browser journeys and the bench): sizes, one encode per rendition, and
// JPEG where the browser cannot encode WebP.

interface FakeBrowser {
  /** The decoded photo's size (upright). */
  photo: { width: number; height: number } | Error;
  /** Whether createImageBitmap honours resizeWidth/resizeHeight. */
  resizes: boolean;
  /** Whether convertToBlob can make WebP (Safari answers PNG). */
  webp: boolean;
}

const encodes: Array<{ width: number; height: number; type: string; quality: number }> = [];

function installBrowser(browser: FakeBrowser) {
  const bitmap = (width: number, height: number) => ({ width, height, close: vi.fn() });
  vi.stubGlobal(
    'createImageBitmap',
    async (source: Blob | { width: number; height: number }, options?: ImageBitmapOptions) => {
      if (source instanceof Blob) {
        if (browser.photo instanceof Error) throw browser.photo;
        expect(options?.imageOrientation).toBe('from-image');
        return bitmap(browser.photo.width, browser.photo.height);
      }
      return browser.resizes && options?.resizeWidth
        ? bitmap(options.resizeWidth, options.resizeHeight!)
        : bitmap(source.width, source.height);
    },
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        public width: number,
        public height: number,
      ) {}
      getContext() {
        return { drawImage: vi.fn(), imageSmoothingQuality: 'low' };
      }
      async convertToBlob({ type, quality }: { type: string; quality: number }) {
        const made = type === 'image/webp' && !browser.webp ? 'image/png' : type;
        encodes.push({ width: this.width, height: this.height, type: made, quality });
        return new Blob([new Uint8Array(4)], { type: made });
      }
    },
  );
}

async function askWorker(
  edges: RenditionRequest['edges'] = RENDITION_EDGES,
): Promise<RenditionReply> {
  const replies = vi.spyOn(self, 'postMessage').mockImplementation(() => undefined);
  self.dispatchEvent(
    new MessageEvent('message', {
      data: {
        original: new Blob([new Uint8Array(8)], { type: 'image/jpeg' }),
        edges,
      },
    }),
  );
  await vi.waitFor(() => expect(replies).toHaveBeenCalledTimes(1));
  return replies.mock.calls[0]![0] as RenditionReply;
}

beforeAll(async () => {
  // Its one message listener, on this test window.
  await import('@/offline/outbox/rendition-worker');
});

beforeEach(() => {
  encodes.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the renditions worker', () => {
  it('makes a 2048 px preview, a 1200 px cover and a 480 px thumbnail of an upright portrait, each encoded once as WebP', async () => {
    installBrowser({ photo: { width: 4000, height: 6000 }, resizes: true, webp: true });
    const reply = await askWorker();
    expect(reply).toMatchObject({ ok: true, width: 4000, height: 6000 });
    expect(encodes).toEqual([
      { width: 1365, height: 2048, type: 'image/webp', quality: 0.85 },
      { width: 800, height: 1200, type: 'image/webp', quality: 0.82 },
      { width: 320, height: 480, type: 'image/webp', quality: 0.8 },
    ]);
    if (reply.ok)
      expect(
        (['preview', 'cover', 'thumb'] as const).map((kind) => reply.renditions[kind]?.type),
      ).toEqual(['image/webp', 'image/webp', 'image/webp']);
  });

  it('never enlarges a small photo', async () => {
    installBrowser({ photo: { width: 1200, height: 800 }, resizes: true, webp: true });
    await askWorker();
    expect(encodes.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '1200x800',
      '1200x800',
      '480x320',
    ]);
  });

  it('makes JPEG renditions where the browser cannot encode WebP, instead of PNG', async () => {
    installBrowser({ photo: { width: 6000, height: 4000 }, resizes: true, webp: false });
    const reply = await askWorker();
    expect(
      reply.ok &&
        (['preview', 'cover', 'thumb'] as const).map((kind) => reply.renditions[kind]?.type),
    ).toEqual(['image/jpeg', 'image/jpeg', 'image/jpeg']);
    expect(
      encodes
        .filter((encode) => encode.type === 'image/jpeg')
        .map(({ width, quality }) => [width, quality]),
    ).toEqual([
      [2048, 0.85],
      [1200, 0.82],
      [480, 0.8],
    ]);
  });

  it('still draws the renditions at their size where createImageBitmap cannot resize', async () => {
    installBrowser({ photo: { width: 6000, height: 4000 }, resizes: false, webp: true });
    await askWorker();
    expect(encodes.map(({ width, height }) => `${width}x${height}`)).toEqual([
      '2048x1365',
      '1200x800',
      '480x320',
    ]);
  });

  it('makes only a cover from a preview when asked for it alone (an older photo)', async () => {
    installBrowser({ photo: { width: 2048, height: 1365 }, resizes: true, webp: true });
    const reply = await askWorker({ cover: 1200 });
    expect(encodes).toEqual([{ width: 1200, height: 800, type: 'image/webp', quality: 0.82 }]);
    expect(reply.ok && Object.keys(reply.renditions)).toEqual(['cover']);
  });

  it("answers a photo the browser cannot decode with the decoder's words", async () => {
    installBrowser({
      photo: new Error('The source image could not be decoded.'),
      resizes: true,
      webp: true,
    });
    expect(await askWorker()).toEqual({
      ok: false,
      message: 'The source image could not be decoded.',
    });
    expect(encodes).toEqual([]);
  });
});
