import { describe, expect, it } from 'vitest';
import { heroImage } from '@/features/client-gallery/client-hero';
import type { ShownPhoto } from '@/ui/photos/photo-sources';

const photo = (id: string): ShownPhoto => ({
  id,
  thumbSrc: `https://b.example/photos/a/${id}.thumb.webp`,
  previewSrc: `https://b.example/photos/a/${id}.preview.webp`,
  fileUrl: null,
  originalFilename: `${id}.jpg`,
  caption: null,
  fileSize: 1,
  width: 3000,
  height: 2000,
});

describe("the client gallery's opening photo", () => {
  const photos = [photo('one'), photo('two'), photo('three')];

  it("is the cover's photo, at preview size with the thumbnail for small screens", () => {
    expect(heroImage(photos, 'https://b.example/photos/a/two.thumb.webp')).toEqual({
      src: 'https://b.example/photos/a/two.preview.webp',
      srcSet:
        'https://b.example/photos/a/two.thumb.webp 480w, https://b.example/photos/a/two.preview.webp 2048w',
    });
  });

  it("is the cover's own address until its photo's row has arrived", () => {
    expect(heroImage(photos.slice(0, 1), 'https://b.example/photos/a/two.thumb.webp')).toEqual({
      src: 'https://b.example/photos/a/two.thumb.webp',
    });
  });

  it('is the first photo when the cover is not known (offline), and nothing without photos', () => {
    expect(heroImage(photos, undefined)?.src).toBe('https://b.example/photos/a/one.preview.webp');
    expect(heroImage([], undefined)).toBeUndefined();
  });

  it("takes the cover photo's cover rendition instead of its thumbnail, so a phone never needs the preview", () => {
    const stored = (id: string, rendition: string) =>
      `https://b.example/storage/v1/object/public/photos/album-1/${id}.${rendition}.webp`;
    const album: ShownPhoto[] = ['p1', 'p2'].map((id) => ({
      ...photo(id),
      thumbSrc: stored(id, 'thumb'),
      previewSrc: stored(id, 'preview'),
    }));
    expect(heroImage(album, stored('p2', 'cover'))).toEqual({
      src: stored('p2', 'preview'),
      srcSet: `${stored('p2', 'cover')} 1200w, ${stored('p2', 'preview')} 2048w`,
    });
    // Before the cover photo's row has arrived: the cover rendition alone.
    expect(heroImage(album.slice(0, 1), stored('p2', 'cover'))).toEqual({
      src: stored('p2', 'cover'),
    });
  });
});
