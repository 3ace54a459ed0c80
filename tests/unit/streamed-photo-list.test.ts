import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { streamedPhotoList, type PhotoList, type StoredPhoto } from '@/ui/photos/photo-sources';

const backend = { config: { supabaseUrl: 'http://site.test', supabaseAnonKey: 'anon' } } as const;
const photo = (id: string): StoredPhoto => ({
  id,
  file_url: `http://site.test/storage/v1/object/public/photos/a/${id}.jpg`,
  thumb_url: null,
  preview_url: null,
  original_filename: `${id}.jpg`,
  file_size: 10,
  width: 4000,
  height: 3000,
});

/** Pages the test hands over one at a time. */
function heldPages() {
  const waiting: Array<(page: StoredPhoto[] | null) => void> = [];
  const next = () => new Promise<StoredPhoto[] | null>((resolve) => waiting.push(resolve));
  async function* pages() {
    for (let page = await next(); page; page = await next()) yield page;
  }
  return {
    pages,
    /** How many reads wait for a page now. */
    waiting: () => waiting.length,
    async give(page: StoredPhoto[] | null) {
      await expect.poll(() => waiting.length).toBe(1);
      waiting.shift()!(page);
    },
  };
}

describe('a streamed photo list', () => {
  it('shows the first page before the rest arrives, and is complete only at the end', async () => {
    const client = new QueryClient();
    const held = heldPages();
    const key = ['photos'];
    const done = client.fetchQuery({
      queryKey: key,
      queryFn: streamedPhotoList(backend, held.pages),
    });
    const shown = () => client.getQueryData<PhotoList>(key);

    await held.give([photo('p1'), photo('p2')]);
    await expect.poll(() => shown()?.photos.map((item) => item.id)).toEqual(['p1', 'p2']);
    expect(shown()?.complete).toBe(false);

    await held.give([photo('p3')]);
    await held.give(null);
    expect((await done).photos.map((item) => item.id)).toEqual(['p1', 'p2', 'p3']);
    expect(shown()).toMatchObject({ complete: true });
  });

  it("asks for the rest once the first screen's images have loaded, not while they download", async () => {
    const client = new QueryClient();
    const held = heldPages();
    const firstScreen = document.createElement('img');
    firstScreen.src = 'http://site.test/thumb.webp'; // jsdom never loads it: pending until told
    document.body.append(firstScreen);
    const lazyBelow = document.createElement('img');
    lazyBelow.loading = 'lazy';
    lazyBelow.src = 'http://site.test/below.webp';
    document.body.append(lazyBelow);
    // The browser's idle time and the longest wait pass on a fake clock, not in real time.
    vi.useFakeTimers();
    try {
      const done = client.fetchQuery({
        queryKey: ['photos'],
        queryFn: streamedPhotoList(backend, held.pages),
      });
      await held.give([photo('p1')]);
      // Well past the browser's idle time, the first-screen image is still downloading: no second request.
      await vi.advanceTimersByTimeAsync(4_900);
      expect(held.waiting()).toBe(0);

      firstScreen.dispatchEvent(new Event('load'));
      await held.give([photo('p2')]); // the lazy image below the fold is not waited for
      await held.give(null);
      expect((await done).photos.map((item) => item.id)).toEqual(['p1', 'p2']);
    } finally {
      vi.useRealTimers();
      firstScreen.remove();
      lazyBelow.remove();
    }
  });

  it('keeps the whole list while a refetch streams, and swaps it once the new list is whole', async () => {
    const client = new QueryClient();
    const key = ['photos'];
    const first = heldPages();
    const loaded = client.fetchQuery({
      queryKey: key,
      queryFn: streamedPhotoList(backend, first.pages),
    });
    await first.give([photo('p1')]);
    await first.give(null);
    await loaded;

    const again = heldPages();
    const refetched = client.fetchQuery({
      queryKey: key,
      queryFn: streamedPhotoList(backend, again.pages),
      staleTime: 0,
    });
    await again.give([photo('p9')]);
    expect(client.getQueryData<PhotoList>(key)).toMatchObject({
      photos: [{ id: 'p1' }],
      complete: true,
    });
    await again.give(null);
    expect((await refetched).photos.map((item) => item.id)).toEqual(['p9']);
  });
});
