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
});
