import Dexie, { type Table } from 'dexie';
import type { ClientLink, ClientPhoto } from '@/lib/backend/database.types';

/**
 * Client albums this device can show with no network (docs/architecture.md §6): every album a client
 * opened is remembered (link, accepted passcode, photo list), and its thumbnails stay in the
 * service worker's cache; 'Save for offline' also puts every preview and thumbnail into a cache
 * of its own that browsing never evicts. A link found inactive or expired is forgotten, with
 * its cached photos (offline-albums.ts).
 */
export interface OfflineAlbum {
  token: string;
  link: ClientLink;
  /** The passcode this device entered and the server accepted (null for an open link). */
  passcode: string | null;
  photos: ClientPhoto[];
  openedAt: number;
  /** Set once every preview is saved: when, and how many bytes they take. */
  saved: { at: number; bytes: number } | null;
}

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

class VisitorDatabase extends Dexie {
  albums!: Table<OfflineAlbum, string>;
  favourites!: Table<FavouritesRecord, string>;

  constructor() {
    super('photo-site-visitor');
    this.version(1).stores({ albums: 'token' });
    this.version(2).stores({ albums: 'token', favourites: 'token' });
  }
}

let database: VisitorDatabase | undefined;

/** What this device keeps for visitors and clients (IndexedDB through Dexie), opened on first use. */
export const db = () => (database ??= new VisitorDatabase());
