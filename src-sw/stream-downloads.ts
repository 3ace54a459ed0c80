/// <reference lib="webworker" />
import { DOWNLOAD_PATH, DOWNLOAD_PONG, type DownloadMessage } from '../src/lib/downloads/download-protocol';

declare const self: ServiceWorkerGlobalScope;

/** Streams handed over by pages, waiting for their download request (briefly). */
const waiting = new Map<string, { filename: string; stream: ReadableStream<Uint8Array> }>();
const UNCLAIMED_AFTER_MS = 60_000;

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
      waiting.set(message.id, { filename: message.filename, stream: message.stream });
      setTimeout(() => {
        const unclaimed = waiting.get(message.id);
        if (!unclaimed) return;
        waiting.delete(message.id);
        void unclaimed.stream.cancel('The download was never requested');
      }, UNCLAIMED_AFTER_MS);
    }
  });

  self.addEventListener('fetch', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== self.location.origin || !url.pathname.startsWith(DOWNLOAD_PATH)) return;
    const id = url.pathname.slice(DOWNLOAD_PATH.length);
    const download = waiting.get(id);
    waiting.delete(id);
    event.respondWith(
      download
        ? new Response(download.stream, {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': contentDisposition(download.filename),
              'Cache-Control': 'no-store',
              'X-Content-Type-Options': 'nosniff',
            },
          })
        : new Response('This download has expired. Start it again from the gallery.', { status: 404 }),
    );
  });
}
