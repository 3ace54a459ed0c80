import { describe, expect, it } from 'vitest';
import { photoAnnouncements } from '@/ui/photos/sortable-announcements';

const photo = (id: string, name: string) => ({ id, name });

describe('what a screen reader hears while a photo moves', () => {
  const photos = [photo('a', 'IMG_1.jpg'), photo('b', 'IMG_2.jpg'), photo('c', 'IMG_3.jpg')];
  const say = photoAnnouncements(
    (id) => photos.find((photo) => photo.id === id)?.name,
    ['a', 'b', 'c'],
  );
  const active = (id: string) => ({ id }) as never;

  it('names the photo and its place, in plain words', () => {
    expect(say.onDragStart({ active: active('b') })).toBe(
      'Picked up IMG_2.jpg, at position 2 of 3.',
    );
    // Over its own place at once: nothing moved yet.
    expect(say.onDragOver({ active: active('b'), over: active('b') })).toBeUndefined();
    expect(say.onDragOver({ active: active('b'), over: active('c') })).toBe(
      'IMG_2.jpg moved to position 3 of 3.',
    );
    expect(say.onDragOver({ active: active('b'), over: null })).toBe(
      'IMG_2.jpg is not over a place in the list.',
    );
    expect(say.onDragEnd({ active: active('b'), over: active('a') })).toBe(
      'IMG_2.jpg dropped at position 1 of 3.',
    );
    expect(say.onDragCancel({ active: active('b'), over: null })).toBe(
      'Moving cancelled. IMG_2.jpg is back at position 2 of 3.',
    );
  });
});
