import type { PublicBackend } from './public-client';
import type { PageContentRow, ServicePackageRow } from './database.types';
import { unwrap } from './errors';
import { photoDisplayUrl } from './photo-objects';

/**
 * The home page's own reads (SPEC §7 "Public reads"), as a visitor. Profile and site settings
 * are read by the shared site hooks. Counts come from PostgREST's embedded `count` and covers
 * from one embedded row, so no read ever lists every photo (docs/architecture.md §5). supabase-js's
 * own retries are off: React Query is the one place that retries reads (src/app/query-client.ts),
 * so a failed load ends within seconds rather than after two layers of back-off.
 */

/** A public album as 'Recent Sessions' shows it. */
export interface HomeAlbum {
  id: string;
  name: string;
  description: string | null;
  /** Kept by the database: the first photo's thumbnail (or original when it has none). */
  cover_photo_url: string | null;
  /** Kept by the database too: that photo's cover rendition (1200 px); null until it has one. */
  cover_rendition_url: string | null;
  created_at: string;
  photo_count: number;
}

/** An active public gallery as 'Featured Collections' shows it. */
export interface HomeGallery {
  id: string;
  title: string;
  description: string | null;
  created_at: string;
  photo_count: number;
  /** The first photo by sort_order: what may show of it (photoDisplayUrl); null when it has no photos. */
  cover_photo: string | null;
  /** That photo's cover rendition (1200 px); null until it has one. */
  cover_rendition: string | null;
}

export interface HomeContent {
  /** Active sections of page 'home' by sort_order. */
  sections: PageContentRow[];
  /** At most three active packages by sort_order. */
  services: ServicePackageRow[];
  /** Active galleries, newest first. */
  galleries: HomeGallery[];
  /** Public albums, newest first. */
  albums: HomeAlbum[];
}

type Counted = Array<{ count: number }> | null;
const countOf = (embedded: Counted) => embedded?.[0]?.count ?? 0;

interface AlbumSelect {
  id: string;
  name: string;
  description: string | null;
  cover_photo_url: string | null;
  cover_rendition_url: string | null;
  created_at: string;
  photos: Counted;
}

/** read albums: public ones, newest first, with their photo count. */
export async function readHomeAlbums(backend: PublicBackend): Promise<HomeAlbum[]> {
  // The embedded aggregate is typed here; generated types cannot express it. Counted through
  // public_album_photos: visitors may not read every column of photos (a count names them all).
  const db = await backend.publicClient();
  const rows = unwrap(
    await db
      .from('albums')
      .select(
        'id, name, description, cover_photo_url, cover_rendition_url, created_at, photos:public_album_photos(count)',
      )
      .eq('is_public', true)
      .order('created_at', { ascending: false })
      .order('id')
      .retry(false)
      .overrideTypes<AlbumSelect[], { merge: false }>(),
  );
  return rows.map(({ photos, ...album }) => ({ ...album, photo_count: countOf(photos) }));
}

interface GallerySelect {
  id: string;
  title: string;
  description: string | null;
  created_at: string;
  photo_count: Counted;
  cover: Array<{
    photos: {
      thumb_url: string | null;
      preview_url: string | null;
      cover_url: string | null;
    } | null;
  }> | null;
}

/** read public_galleries: active ones, newest first, with their photo count and first photo. */
export async function readHomeGalleries(backend: PublicBackend): Promise<HomeGallery[]> {
  const db = await backend.publicClient();
  const rows = unwrap(
    await db
      .from('public_galleries')
      .select(
        'id, title, description, created_at, photo_count:public_gallery_photos(count), cover:public_gallery_photos(photos(thumb_url, preview_url, cover_url))',
      )
      .eq('is_active', true)
      .order('created_at', { ascending: false })
      .order('id')
      .order('sort_order', { referencedTable: 'cover' })
      .order('created_at', { referencedTable: 'cover' })
      .limit(1, { referencedTable: 'cover' })
      .retry(false)
      .overrideTypes<GallerySelect[], { merge: false }>(),
  );
  return rows.map(({ photo_count, cover, ...gallery }) => {
    const first = cover?.[0]?.photos;
    // Visitors cannot read a photo's file_url (docs/SECURITY.md, class 6): a cover is a rendition.
    return {
      ...gallery,
      photo_count: countOf(photo_count),
      cover_photo: first ? photoDisplayUrl({ ...first, file_url: null }) : null,
      cover_rendition: first?.cover_url ?? null,
    };
  });
}

/** read page_content: the active sections of page 'home' by sort_order. */
export async function readHomeSections(backend: PublicBackend): Promise<PageContentRow[]> {
  const db = await backend.publicClient();
  return unwrap(
    await db
      .from('page_content')
      .select('*')
      .eq('page_name', 'home')
      .eq('is_active', true)
      .order('sort_order')
      .order('created_at')
      .retry(false),
  );
}

/** read service_packages: active, by sort_order, at most three (SPEC §9). */
export async function readHomeServices(backend: PublicBackend): Promise<ServicePackageRow[]> {
  const db = await backend.publicClient();
  return unwrap(
    await db
      .from('service_packages')
      .select('*')
      .eq('is_active', true)
      .order('sort_order')
      .order('created_at')
      .limit(3)
      .retry(false),
  );
}

/** Everything the home page reads besides profile and settings, all at once. */
export async function readHomeContent(backend: PublicBackend): Promise<HomeContent> {
  const [sections, services, galleries, albums] = await Promise.all([
    readHomeSections(backend),
    readHomeServices(backend),
    readHomeGalleries(backend),
    readHomeAlbums(backend),
  ]);
  return { sections, services, galleries, albums };
}
