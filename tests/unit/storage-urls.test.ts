import { describe, expect, it } from 'vitest';
import { photosObjectName, resolveStorageUrl } from '@/lib/backend/storage';

const backend = { config: { supabaseUrl: 'http://127.0.0.1:9090', supabaseAnonKey: 'key' } };

describe('storage URLs', () => {
  it('finds the object name inside bucket photos', () => {
    expect(photosObjectName('http://127.0.0.1:8080/storage/v1/object/public/photos/abc/def.jpg')).toBe('abc/def.jpg');
    expect(photosObjectName('https://p.supabase.co/storage/v1/object/public/photos/a%20b/c.jpg?x=1')).toBe('a b/c.jpg');
    expect(photosObjectName('https://elsewhere.example/pic.jpg')).toBeNull();
  });

  it('re-points photo URLs at the current backend and leaves others alone', () => {
    expect(resolveStorageUrl(backend, 'http://127.0.0.1:8080/storage/v1/object/public/photos/abc/def.jpg')).toBe(
      'http://127.0.0.1:9090/storage/v1/object/public/photos/abc/def.jpg',
    );
    expect(resolveStorageUrl(backend, 'https://elsewhere.example/pic.jpg')).toBe('https://elsewhere.example/pic.jpg');
    expect(resolveStorageUrl(backend, null)).toBeUndefined();
  });
});
