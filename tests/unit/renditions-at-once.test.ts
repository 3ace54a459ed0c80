import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenditionRequest } from '@/offline/outbox/rendition-messages';

// How many photos the renditions workers take at once, whoever asks (the pool, an upload being
// sent, an original sent ahead): the workers are stood in for; the real ones run in the
// browser journeys and the bench.

/** Workers holding a photo now, and the most at once. */
let busy = 0;
let most = 0;
/** Workers started: a finished one is kept for the next photo. */
let created = 0;
const finishers: Array<() => void> = [];

class FakeWorker {
  constructor() {
    created += 1;
  }
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(request: RenditionRequest) {
    busy += 1;
    most = Math.max(most, busy);
    finishers.push(() => {
      busy -= 1;
      const blob = new Blob(['x'], { type: 'image/webp' });
      this.onmessage?.(
        new MessageEvent('message', {
          data: {
            ok: true,
            width: 6000,
            height: 4000,
            renditions: Object.fromEntries(Object.keys(request.edges).map((key) => [key, blob])),
          },
        }),
      );
    });
  }
  terminate() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  busy = 0;
  most = 0;
  created = 0;
  finishers.length = 0;
});

async function withCores(cores: number) {
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('navigator', { hardwareConcurrency: cores });
  return import('@/offline/outbox/renditions');
}

describe('renditions made at once', () => {
  it.each([
    [1, 1],
    [2, 2],
    [4, 3],
    [16, 4],
  ])(
    'on %i cores: %i, in as many workers, the others waiting their turn in order',
    async (cores, atOnce) => {
      const { makeRenditions, RENDITIONS_AT_ONCE } = await withCores(cores);
      expect(RENDITIONS_AT_ONCE).toBe(atOnce);
      const done: number[] = [];
      const jobs = [0, 1, 2, 3, 4, 5].map((index) =>
        makeRenditions(new Blob(['jpeg']), `IMG_${index}.JPG`).then(() => done.push(index)),
      );
      await vi.waitFor(() => expect(busy).toBe(atOnce));
      while (finishers.length > 0 || done.length < jobs.length) {
        finishers.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await Promise.all(jobs);
      expect(most).toBe(atOnce);
      expect(created).toBe(atOnce);
      expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    },
  );
});
