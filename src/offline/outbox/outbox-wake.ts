/**
 * Background Sync hand-off between the service worker and the admin pages (docs/architecture.md §6).
 * The outbox lives in the page: it needs the session, which the spec keeps in local storage
 * (out of a service worker's reach), and it makes renditions in a page worker. So when the
 * browser fires the sync event (the connection is back, even with the tab in the background
 * and its timers throttled), the worker asks the open admin pages to send now, and tells the
 * browser to try again later if changes still wait for the network.
 */
export const OUTBOX_SYNC_TAG = 'photographer-outbox';

/** Worker → page: send what waits; the page answers on the message's port. */
export interface WakeOutboxMessage {
  type: 'wake-outbox';
}

/** Page → worker: how many changes still wait to be sent after trying. */
export interface OutboxWokenAnswer {
  waiting: number;
}

export const isWakeOutboxMessage = (data: unknown): data is WakeOutboxMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'wake-outbox';

/** The parts of a window client the hand-off uses. */
export interface WakeableClient {
  postMessage(message: WakeOutboxMessage, transfer: Transferable[]): void;
}

/** Chromium ends a sync event after a few minutes; a page still sending then simply goes on. */
const ANSWER_TIMEOUT_MS = 4 * 60 * 1000;

/** Asks one page to send its outbox; resolves with its answer, or null if it never answers. */
function ask(client: WakeableClient, timeoutMs: number): Promise<OutboxWokenAnswer | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<OutboxWokenAnswer>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    client.postMessage({ type: 'wake-outbox' }, [channel.port2]);
  });
}

/**
 * Wakes every open page's outbox (Web Locks let one of them send at a time). Rejects when
 * changes still wait, so the browser fires the sync again later; with no page open there is
 * nothing to do here: the outbox sends when the app next starts.
 */
export async function wakeOutboxes(
  clients: readonly WakeableClient[],
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<void> {
  if (clients.length === 0) return;
  const answers = await Promise.all(clients.map((client) => ask(client, timeoutMs)));
  const waiting = Math.min(...answers.map((answer) => answer?.waiting ?? 0));
  if (waiting > 0) throw new Error(`${waiting} change(s) still waiting for the network`);
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks the browser to fire the sync event when it is back online (where it has Background Sync). */
export async function requestBackgroundSync(): Promise<void> {
  // TypeScript's DOM types do not have Background Sync yet.
  const registration: (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined =
    await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = registration?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** The page side: on the worker's call, send what waits and answer how much still waits. */
export function answerOutboxWakes(
  container: Pick<ServiceWorkerContainer, 'addEventListener'>,
  sendNow: () => Promise<number>,
): void {
  container.addEventListener('message', (event) => {
    if (!isWakeOutboxMessage(event.data)) return;
    const port = event.ports[0];
    void sendNow().then(
      (waiting) => port?.postMessage({ waiting } satisfies OutboxWokenAnswer),
      () => port?.postMessage({ waiting: 1 } satisfies OutboxWokenAnswer),
    );
  });
}
