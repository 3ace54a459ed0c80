/**
 * What this device remembers of client albums (src/offline/visitors/offline-albums.ts: IndexedDB through
 * Dexie, about 27 KB), loaded when needed so a client page asks for its photos without waiting
 * for it.
 */
export const loadOfflineAlbums = () => import('./offline-albums');
