import { describe, expect, it } from 'vitest';
import { checkStorableImage, fileBlobKey, storageExtension } from '@/offline/outbox/image-files';

describe('image files', () => {
  it("refuses what is not an image with the spec's words (SPEC §5), and images the bucket cannot store", () => {
    expect(checkStorableImage({ name: 'notes.txt', type: 'text/plain' })).toEqual({
      ok: false,
      title: 'Invalid file type',
      message: 'notes.txt is not an image file.',
    });
    expect(checkStorableImage({ name: 'logo.svg', type: 'image/svg+xml' })).toMatchObject({
      ok: false,
      title: 'Unsupported image type',
    });
    expect(checkStorableImage({ name: 'IMG_1.HEIC', type: 'image/heic' })).toMatchObject({
      ok: false,
      title: 'Unsupported image type',
    });
    expect(checkStorableImage({ name: 'IMG_1.JPG', type: 'image/jpeg' })).toEqual({ ok: true });
  });

  it('keeps an allowed extension of the file, else takes the one of its type', () => {
    expect(storageExtension({ name: 'Sunset.JPEG', type: 'image/jpeg' })).toBe('jpeg');
    expect(storageExtension({ name: 'field.webp', type: 'image/webp' })).toBe('webp');
    expect(storageExtension({ name: 'photo', type: 'image/png' })).toBe('png');
    expect(storageExtension({ name: 'photo.heic', type: 'image/avif' })).toBe('avif');
    expect(storageExtension({ name: 'odd.exe', type: 'image/gif' })).toBe('gif');
  });

  it('keys the waiting bytes by object name', () => {
    expect(fileBlobKey('logo-5.png')).toBe('file:logo-5.png');
  });
});
