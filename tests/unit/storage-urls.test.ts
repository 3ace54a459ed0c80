import { describe, expect, it } from 'vitest';
import {
  originalObject,
  originalPath,
  photoDisplayUrl,
  photoObjectNames,
  renditionOf,
  sameRenditionPhoto,
} from '@/lib/backend/photo-objects';
import { photosObjectName, resolveStorageUrl } from '@/lib/backend/storage';

const backend = { config: { supabaseUrl: 'http://127.0.0.1:9090', supabaseAnonKey: 'key' } };

describe('storage URLs', () => {
  it('finds the object name inside bucket photos', () => {
    expect(
      photosObjectName('http://127.0.0.1:8080/storage/v1/object/public/photos/abc/def.jpg'),
    ).toBe('abc/def.jpg');
    expect(
      photosObjectName('https://p.supabase.co/storage/v1/object/public/photos/a%20b/c.jpg?x=1'),
    ).toBe('a b/c.jpg');
    expect(photosObjectName('https://elsewhere.example/pic.jpg')).toBeNull();
  });

  it('re-points photo URLs at the current backend and leaves others alone', () => {
    expect(
      resolveStorageUrl(
        backend,
        'http://127.0.0.1:8080/storage/v1/object/public/photos/abc/def.jpg',
      ),
    ).toBe('http://127.0.0.1:9090/storage/v1/object/public/photos/abc/def.jpg');
    expect(resolveStorageUrl(backend, 'https://elsewhere.example/pic.jpg')).toBe(
      'https://elsewhere.example/pic.jpg',
    );
    expect(resolveStorageUrl(backend, null)).toBeUndefined();
  });
});

describe('the photo-object naming contract', () => {
  const album = '0b7c2a52-4c38-4a39-9d62-7c0a3b1f0d11';
  const photo = '5f1d3c9e-2b8a-4e51-a0f4-9c3e7d2b1a60';

  it("names a photo's original in bucket originals and its renditions in bucket photos", () => {
    expect(photoObjectNames(album, photo, 'jpg')).toEqual({
      original: `${album}/${photo}.jpg`,
      thumb: `${album}/${photo}.thumb.webp`,
      cover: `${album}/${photo}.cover.webp`,
      preview: `${album}/${photo}.preview.webp`,
    });
    expect(originalPath(`${album}/${photo}.jpg`)).toBe(
      `/storage/v1/object/authenticated/originals/${album}/${photo}.jpg`,
    );
  });

  it("reads a rendition's photo and kind from its address, and tells two of one photo", () => {
    const at = (rendition: string, id = photo) =>
      `https://site.example/storage/v1/object/public/photos/${album}/${id}.${rendition}.webp`;
    expect(renditionOf(at('cover'))).toEqual({ photo: `${album}/${photo}`, rendition: 'cover' });
    expect(renditionOf(`/storage/v1/object/public/photos/${album}/${photo}.thumb.webp`)).toEqual({
      photo: `${album}/${photo}`,
      rendition: 'thumb',
    });
    for (const other of [
      `/storage/v1/object/authenticated/originals/${album}/${photo}.jpg`,
      `/storage/v1/object/public/photos/${album}/${photo}.jpg`,
      `/storage/v1/object/public/photos/${album}/${photo}.poster.webp`,
      `/storage/v1/object/public/photos/logo.cover.webp`,
    ])
      expect(renditionOf(other)).toBeNull();
    expect(sameRenditionPhoto(at('cover'), at('preview'))).toBe(true);
    expect(sameRenditionPhoto(at('cover'), at('preview', 'another'))).toBe(false);
    expect(sameRenditionPhoto(null, at('preview'))).toBe(false);
    expect(
      sameRenditionPhoto('https://elsewhere.example/a.webp', 'https://elsewhere.example/b.webp'),
    ).toBe(false);
  });

  it('reads which bucket a stored original is in, and nothing else', () => {
    expect(
      originalObject(`/storage/v1/object/authenticated/originals/${album}/${photo}.jpg`),
    ).toEqual({
      bucket: 'originals',
      name: `${album}/${photo}.jpg`,
    });
    expect(
      originalObject(`https://old.example/storage/v1/object/public/photos/${album}/${photo}.jpg`),
    ).toEqual({
      bucket: 'photos',
      name: `${album}/${photo}.jpg`,
    });
    expect(originalObject('https://elsewhere.example/pic.jpg')).toBeNull();
    expect(originalObject(null)).toBeNull();
    expect(originalObject('/storage/v1/object/public/photos/%E0%A4%A.jpg')).toBeNull();
  });

  it('never shows a private original as an image, and never resolves one to an image address', () => {
    const privateOriginal = originalPath(`${album}/${photo}.jpg`);
    const publicOriginal = `/storage/v1/object/public/photos/${album}/${photo}.jpg`;
    const thumb = `/storage/v1/object/public/photos/${album}/${photo}.thumb.webp`;
    expect(
      photoDisplayUrl({ thumb_url: thumb, preview_url: null, file_url: privateOriginal }),
    ).toBe(thumb);
    expect(
      photoDisplayUrl({ thumb_url: null, preview_url: null, file_url: privateOriginal }),
    ).toBeNull();
    expect(photoDisplayUrl({ thumb_url: null, preview_url: null, file_url: publicOriginal })).toBe(
      publicOriginal,
    );
    expect(resolveStorageUrl(backend, privateOriginal)).toBeUndefined();
  });
});
