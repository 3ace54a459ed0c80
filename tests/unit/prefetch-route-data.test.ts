import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prefetchRouteData } from '@/app/prefetch-route-data';
import { galleryKeys } from '@/features/public-gallery/gallery-keys';
import { createPublicBackend } from '@/lib/backend/public-client';

const GALLERY = '6f1c2a9e-2b1d-4c3e-9f00-0a1b2c3d4e5f';

/**
 * A backend whose requests wait until the test answers them, so the test sees what was asked at
 * once; its query builder already loaded, as it is once a page has made its first read.
 */
async function heldBackend() {
  const held: Array<{ path: string; answer: (rows: unknown) => void }> = [];
  const fetchImpl: typeof fetch = (input) =>
    new Promise<Response>((resolve) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      );
      held.push({
        path: url.pathname.replace('/rest/v1/', ''),
        answer: (rows) =>
          resolve(
            new Response(JSON.stringify(rows), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      });
    });
  const backend = createPublicBackend(
    { supabaseUrl: 'http://site.test', supabaseAnonKey: 'anon' },
    fetchImpl,
  );
  await backend.publicClient();
  return { backend, held };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRouteData', () => {
  it('asks for a curated gallery and its photos together, and the page finds the photos ready', async () => {
    const { backend, held } = await heldBackend();
    const queryClient = new QueryClient();
    prefetchRouteData(queryClient, backend, `/gallery/public/${GALLERY}`);
    await flush();
    // Nothing has been answered yet, and all four reads are already on their way.
    expect(held.map((request) => request.path).sort()).toEqual([
      'photographer_profile',
      'public_galleries',
      'public_gallery_photos',
      'site_settings',
    ]);

    const photo = {
      id: 'p1',
      album_id: 'a',
      thumb_url: '/storage/v1/object/public/photos/a/p1.thumb.webp',
      preview_url: '/storage/v1/object/public/photos/a/p1.preview.webp',
      original_filename: 'p1.jpg',
      file_size: 10,
      width: 4000,
      height: 3000,
    };
    held
      .find((request) => request.path === 'public_gallery_photos')!
      .answer([{ sort_order: 0, file_url: null, photos: photo }]);
    await expect
      .poll(() => queryClient.getQueryData(galleryKeys.galleryPhotos(GALLERY)))
      .toMatchObject({ photos: [{ id: 'p1', originalFilename: 'p1.jpg' }], complete: true });
  });

  it("starts the home page's reads on /, and none on an admin screen", async () => {
    const home = await heldBackend();
    prefetchRouteData(new QueryClient(), home.backend, '/');
    await flush();
    expect(home.held.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        'site_settings',
        'photographer_profile',
        'page_content',
        'albums',
        'testimonials',
      ]),
    );

    const admin = await heldBackend();
    prefetchRouteData(new QueryClient(), admin.backend, '/admin/albums');
    await flush();
    expect(admin.held).toEqual([]);
  });
});
