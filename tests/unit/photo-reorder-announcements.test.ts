import { describe, expect, it } from 'vitest';
import type { ShownPhoto } from '@/features/admin-albums/albums-overlay';
import { photoAnnouncements } from '@/features/admin-albums/sortable-photo-grid';

const photo = (id: string, name: string) => ({ id, original_filename: name }) as ShownPhoto;

describe('what a screen reader hears while a photo moves', () => {
  const photos = [photo('a', 'IMG_1.jpg'), photo('b', 'IMG_2.jpg'), photo('c', 'IMG_3.jpg')];
  const say = photoAnnouncements(photos, ['a', 'b', 'c']);
  const active = (id: string) => ({ id }) as never;

  it('names the photo and its place, in plain words', () => {
    expect(say.onDragStart({ active: active('b') })).toBe('Picked up IMG_2.jpg, at position 2 of 3.');
    // Over its own place at once: nothing moved yet.
    expect(say.onDragOver({ active: active('b'), over: active('b') } as never)).toBeUndefined();
    expect(say.onDragOver({ active: active('b'), over: active('c') } as never)).toBe('IMG_2.jpg moved to position 3 of 3.');
    expect(say.onDragOver({ active: active('b'), over: null } as never)).toBe('IMG_2.jpg is not over a place in the grid.');
    expect(say.onDragEnd({ active: active('b'), over: active('a') } as never)).toBe('IMG_2.jpg dropped at position 1 of 3.');
    expect(say.onDragCancel({ active: active('b'), over: null } as never)).toBe('Moving cancelled. IMG_2.jpg is back at position 2 of 3.');
  });
});
