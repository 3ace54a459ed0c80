import type { AdminGalleryLink } from '@/lib/backend/database.types';

/** A client link as the admin's list answers it, with `fields` changed. */
export const adminLink = (fields: Partial<AdminGalleryLink> = {}): AdminGalleryLink => ({
  id: 'link-1',
  album_id: 'album-1',
  album_name: 'Rivera Family',
  album_description: null,
  access_token: 'x'.repeat(43),
  passcode: null,
  is_active: true,
  allow_downloads: true,
  expires_at: null,
  created_at: '2026-11-22T10:00:00Z',
  allow_favourites: true,
  favourite_count: 0,
  download_size: 'original',
  opened_count: 0,
  last_opened_at: null,
  download_count: 0,
  ...fields,
});
