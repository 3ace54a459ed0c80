/**
 * Room on this device for what the site keeps (saved albums, uploads waiting for the
 * network). The browser gives each site a share of the disk; when that share is short the
 * app says so before taking more, instead of failing halfway or dropping anything.
 */

export class StorageShortError extends Error {
  override name = 'StorageShortError';
  constructor(
    readonly neededBytes: number,
    readonly freeBytes: number,
  ) {
    super('Not enough free space on this device');
  }
}

/** Free space for this site, as the browser estimates it; null when it cannot say. */
export async function freeStorageBytes(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota) return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/** Kept beside the files themselves: the persisted admin cache, renditions being made. */
const HEADROOM_BYTES = 20 * 1024 * 1024;
/** A thumbnail and a preview per photo, at most. */
const RENDITIONS_BYTES = 1024 * 1024;

/** Bytes an upload of these files keeps on the device until the server has them. */
export function uploadFootprint(files: Array<{ size: number }>): number {
  return files.reduce((total, file) => total + file.size + RENDITIONS_BYTES, 0);
}

/** Refuses (StorageShortError, with the room needed including headroom) when the browser's estimate says `bytes` would not fit. */
export async function ensureRoomFor(bytes: number): Promise<void> {
  const free = await freeStorageBytes();
  if (free !== null && free < bytes + HEADROOM_BYTES)
    throw new StorageShortError(bytes + HEADROOM_BYTES, free);
}

/** The browser's "disk full" error, as IndexedDB throws it or as Dexie wraps it (same name, the original as `inner`). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, inner } = error as { name?: unknown; inner?: unknown };
  return name === 'QuotaExceededError' || (inner !== undefined && isQuotaError(inner));
}
