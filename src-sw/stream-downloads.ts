/// <reference lib="webworker" />
import {
  DOWNLOAD_PATH,
  DOWNLOAD_PONG,
  type DownloadMessage,
} from '../src/lib/downloads/download-protocol';

declare const self: ServiceWorkerGlobalScope;

interface HandedStream {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** Streams handed over by pages, waiting for their download request (briefly). */
const waiting = new Map<string, HandedStream>();
/** Download requests that arrived before their stream (message and fetch events are not ordered). */
const early = new Map<string, (stream: HandedStream) => void>();
const UNCLAIMED_AFTER_MS = 60_000;
const STREAM_AWAITED_MS = 10_000;

/** The stream handed over with this id: now, or when its message arrives (null after a while). */
function claim(id: string): Promise<HandedStream | null> {
  const ready = waiting.get(id);
  if (ready) {
    waiting.delete(id);
    return Promise.resolve(ready);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      early.delete(id);
      resolve(null);
    }, STREAM_AWAITED_MS);
    early.set(id, (stream) => {
      clearTimeout(timer);
      early.delete(id);
      resolve(stream);
    });
  });
}

/** attachment; with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Serves page-made streams (a zip of a whole album) as downloads: the browser writes them
 * to disk as they are produced, so a 1 GB zip never sits in memory. Registered before
 * Workbox's routes, so its navigation fallback never answers these requests.
 */
export function serveStreamedDownloads(): void {
  self.addEventListener('message', (event) => {
    const message = event.data as DownloadMessage | null;
    if (message?.type === 'download-ping') {
      event.ports[0]?.postMessage(DOWNLOAD_PONG);
    } else if (message?.type === 'download-stream' && message.stream instanceof ReadableStream) {
      const handed = { filename: message.filename, stream: message.stream };
      const requested = early.get(message.id);
      if (requested) return requested(handed);
      waiting.set(message.id, handed);
      setTimeout(() => {
        const unclaimed = waiting.get(message.id);
        if (!unclaimed) return;
        waiting.delete(message.id);
        // Rejects when the page's side already failed the stream: nothing is left to stop then.
        unclaimed.stream
          .cancel('The download was never requested')
          .catch((error: unknown) =>
            console.warn('An unclaimed download stream had failed', error),
          );
      }, UNCLAIMED_AFTER_MS);
    }
  });

  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_PATH)) return;
    const id = url.pathname.slice(DOWNLOAD_PATH.length);
    event.respondWith(
      claim(id).then((download) =>
        download
          ? new Response(download.stream, {
              headers: {
                'Content-Type': 'application/zip',
                'Content-Disposition': contentDisposition(download.filename),
                'Cache-Control': 'no-store',
                'X-Content-Type-Options': 'nosniff',
              },
            })
          : new Response('This download has expired. Start it again from the gallery.', {
              status: 404,
            }),
      ),
    );
  });
}
