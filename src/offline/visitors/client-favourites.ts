import { liveQuery } from 'dexie';
import { BackendError } from '@/lib/backend/errors';
import { syncFavourites } from '@/lib/backend/favourites';
import type { PublicBackend } from '@/lib/backend/public-client';
import { db, type FavouritesRecord } from './visitor-db';

/**
 * A client's favourites on one link (docs/offline.md, "Client favourites"). A heart is kept on
 * this device first (IndexedDB), as the state the client wants for that photo, then sent: at
 * once when online, else when the network returns, and again after a reload or in another tab.
 * Only the latest state of each photo is kept, and the server applies states, not toggles, so
 * a heart sent twice changes nothing and a heart taken back before it was sent is never sent.
 * The server's answer is the list for the client's name; a heart is dropped from the waiting
 * ones only once an answer covers it and it has not changed meanwhile.
 */

/** What the page shows. */
export interface FavouritesView {
  /** Who is choosing on this device, for this link; null until they said. */
  name: string | null;
  /** The photos with a heart, as the client sees them (the server's list with the waiting hearts applied). */
  chosen: ReadonlySet<string>;
  /** Hearts not yet on the server. */
  waiting: number;
}

const NO_FAVOURITES: FavouritesView = { name: null, chosen: new Set(), waiting: 0 };

/** The most the server takes in one call. */
const BATCH = 500;
/** Seconds to wait before trying again after a failure the server may get over (as the admin outbox). */
const BACKOFF_SECONDS = [1, 2, 5, 10, 30, 60];

const empty = (token: string): FavouritesRecord => ({ token, name: null, server: [], pending: {} });

function viewOf(record: FavouritesRecord | undefined): FavouritesView {
  if (!record) return NO_FAVOURITES;
  const chosen = new Set(record.server);
  for (const [photoId, wanted] of Object.entries(record.pending)) {
    if (wanted) chosen.add(photoId);
    else chosen.delete(photoId);
  }
  return { name: record.name, chosen, waiting: Object.keys(record.pending).length };
}

/** Changes one link's record in a transaction of its own. */
async function update(token: string, change: (record: FavouritesRecord) => void): Promise<void> {
  await db().transaction('rw', db().favourites, async () => {
    const record = (await db().favourites.get(token)) ?? empty(token);
    change(record);
    await db().favourites.put(record);
  });
}

/** One tab at a time sends a link's hearts: two would send the same ones side by side. */
async function exclusively(token: string, work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return work();
  await navigator.locks.request(`client-favourites:${token}`, work);
}

/** The favourites of one link on this device, and their way to the server. */
export class ClientFavourites {
  private sending: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private refusalListeners = new Set<(refusal: string | null) => void>();
  /** Why the server refused this device's hearts (the link changed under it), until a new try. */
  refusal: string | null = null;

  constructor(
    private readonly backend: PublicBackend,
    private readonly token: string,
    private readonly passcode: string | null,
  ) {}

  /** Follows what this device holds for the link, in this tab and others. */
  watch(onChange: (view: FavouritesView) => void): () => void {
    const subscription = liveQuery(() => db().favourites.get(this.token)).subscribe({
      next: (record) => onChange(viewOf(record)),
      error: (error: unknown) => console.warn('Favourites could not be read on this device', error),
    });
    return () => subscription.unsubscribe();
  }

  onRefusal(listener: (refusal: string | null) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Keeps who is choosing; their hearts go to their list from now on. */
  async setName(name: string): Promise<void> {
    await update(this.token, (record) => {
      record.name = name;
    });
    this.send();
  }

  /** A heart given (true) or taken back (false). Kept on this device before anything is sent. */
  async heart(photoId: string, wanted: boolean): Promise<void> {
    await update(this.token, (record) => {
      // Back to what the server has: nothing is left to send for this photo.
      if (record.server.includes(photoId) === wanted) delete record.pending[photoId];
      else record.pending[photoId] = wanted;
    });
    this.send();
  }

  /** Sends what waits (and reads the server's list) now, unless a send is under way; then once more after it. */
  send(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = (async () => {
      do {
        this.again = false;
        await exclusively(this.token, () => this.sendOnce());
      } while (this.again && !this.stopped);
    })().finally(() => (this.sending = null));
  }

  /** No more sending from this page (it closed or moved to another link); what waits stays kept. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
  }

  private async sendOnce(): Promise<void> {
    const record = await db().favourites.get(this.token);
    if (!record?.name) return;
    const batch = Object.entries(record.pending).slice(0, BATCH);
    try {
      const list = await syncFavourites(this.backend, this.token, this.passcode, record.name, {
        add: batch.filter(([, wanted]) => wanted).map(([photoId]) => photoId),
        remove: batch.filter(([, wanted]) => !wanted).map(([photoId]) => photoId),
      });
      await update(this.token, (now) => {
        for (const [photoId, wanted] of batch)
          if (now.pending[photoId] === wanted) delete now.pending[photoId];
        // The answer is for the name it was sent with.
        if (now.name === record.name) now.server = list;
      });
      this.failures = 0;
      this.setRefusal(null);
      if (Object.keys(record.pending).length > BATCH) this.again = true;
    } catch (error) {
      if (error instanceof BackendError && !error.retryable) {
        // The link closed, its passcode changed, or favourites were switched off: the hearts
        // stay on this device, and the page says why they are not sent.
        this.setRefusal(error.message);
        return;
      }
      const seconds = BACKOFF_SECONDS[Math.min(this.failures, BACKOFF_SECONDS.length - 1)]!;
      this.failures += 1;
      this.retryTimer = setTimeout(() => this.send(), seconds * 1000);
    }
  }

  private setRefusal(refusal: string | null): void {
    if (refusal === this.refusal) return;
    this.refusal = refusal;
    for (const listener of this.refusalListeners) listener(refusal);
  }
}
