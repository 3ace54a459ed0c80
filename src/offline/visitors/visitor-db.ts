import Dexie, { type Table } from 'dexie';
import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';

/**
 * Client albums this device can show with no network (docs/architecture.md §6): every album a client
 * opened is remembered (link, accepted passcode, photo list), and its thumbnails stay in the
 * service worker's cache; 'Save for offline' also puts every preview and thumbnail into a cache
 * of its own that browsing never evicts. A link found inactive or expired is forgotten, with
 * its cached photos (offline-albums.ts).
 *
 * The photo list is kept apart from the album, in parts of ALBUM_PART_SIZE photos: writing or
 * reading a wedding's 10,000 photos as one value held the page for about 100 ms (IndexedDB
 * copies a value in one go), a part takes a few. The album names the generation of parts that
 * make its list, so a list is replaced whole or not at all (offline-albums.ts).
 */
export interface OfflineAlbum {
  token: string;
  link: ClientLink;
  /** The passcode this device entered and the server accepted (null for an open link). */
  passcode: string | null;
  openedAt: number;
  /** Set once every preview is saved: when, and how many bytes they take. */
  saved: { at: number; bytes: number } | null;
  /** How many photos the list has, and the generation of the parts that hold it. */
  photoCount: number;
  generation: string;
}

/** Photos `part * ALBUM_PART_SIZE` onwards of one generation of an album's list. */
export interface OfflineAlbumPart {
  token: string;
  generation: string;
  part: number;
  photos: ClientPhoto[];
}

/** Photos in one part: about 5 ms to copy in or out of IndexedDB on this machine. */
export const ALBUM_PART_SIZE = 500;

/**
 * A client's favourites on one link, on this device (client-favourites.ts): who is choosing,
 * the list as the server last answered it, and the hearts it has not acknowledged yet.
 */
export interface FavouritesRecord {
  token: string;
  /** The name typed in 'Who is choosing?'; null until then. */
  name: string | null;
  /** Photo ids, as the server last answered. */
  server: string[];
  /** Photo id → wanted state (a heart given or taken back), until the server has it. */
  pending: Record<string, boolean>;
}

/** The key of a part: the album's token, the generation, the part's number. */
export type AlbumPartKey = [string, string, number];

/** An album as versions 1 and 2 kept it: the whole list in the album's own value. */
type AlbumBeforeParts = Omit<OfflineAlbum, 'photoCount' | 'generation'> & { photos: ClientPhoto[] };

class VisitorDatabase extends Dexie {
  albums!: Table<OfflineAlbum, string>;
  albumParts!: Table<OfflineAlbumPart, AlbumPartKey>;
  favourites!: Table<FavouritesRecord, string>;

  constructor() {
    super('photo-site-visitor');
    this.version(1).stores({ albums: 'token' });
    this.version(2).stores({ albums: 'token', favourites: 'token' });
    // Version 3 moves each remembered list into parts, once, as the device opens the database.
    this.version(3)
      .stores({ albums: 'token', favourites: 'token', albumParts: '[token+generation+part]' })
      .upgrade(async (transaction) => {
        const albums = transaction.table<OfflineAlbum | AlbumBeforeParts, string>('albums');
        for (const album of await albums.toArray()) {
          if (!('photos' in album)) continue;
          const { photos, ...rest } = album;
          const generation = newGeneration();
          await transaction
            .table<OfflineAlbumPart, AlbumPartKey>('albumParts')
            .bulkPut(splitIntoParts(album.token, generation, photos));
          await albums.put({ ...rest, photoCount: photos.length, generation });
        }
      });
  }
}

/**
 * A name for a new generation of parts, unique enough on one device (not crypto.randomUUID,
 * which a page served over plain http, as a site on a local network is, does not have).
 */
export const newGeneration = () =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A list as the parts that hold it. */
export function splitIntoParts(
  token: string,
  generation: string,
  photos: readonly ClientPhoto[],
): OfflineAlbumPart[] {
  return Array.from({ length: Math.ceil(photos.length / ALBUM_PART_SIZE) }, (_, part) => ({
    token,
    generation,
    part,
    photos: photos.slice(part * ALBUM_PART_SIZE, (part + 1) * ALBUM_PART_SIZE),
  }));
}

let database: VisitorDatabase | undefined;

/** What this device keeps for visitors and clients (IndexedDB through Dexie), opened on first use. */
export const db = () => (database ??= new VisitorDatabase());
