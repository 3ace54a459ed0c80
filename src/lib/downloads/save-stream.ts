import { DOWNLOAD_PATH, DOWNLOAD_PONG, type DownloadMessage } from './download-protocol';
import { saveBlob } from './save-file';

/** Whether a service worker that serves streamed downloads controls this page (asked, not assumed). */
async function streamingWorker(): Promise<ServiceWorker | null> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return null;
  const channel = new MessageChannel();
  const answered = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data === DOWNLOAD_PONG);
    setTimeout(() => resolve(false), 1000);
  });
  worker.postMessage({ type: 'download-ping' } satisfies DownloadMessage, [channel.port2]);
  const ready = await answered;
  channel.port1.close();
  return ready ? worker : null;
}

/**
 * Saves a stream as a file. Where a service worker controls the page, the stream is handed
 * to it and served as a download, so the bytes flow straight to disk with backpressure and
 * memory stays small whatever the size. Otherwise (no worker yet, private modes) the file is
 * collected in a Blob first. Resolves once every byte has been handed over.
 */
export async function saveStream(
  stream: ReadableStream<Uint8Array>,
  filename: string,
): Promise<'streamed' | 'buffered'> {
  const worker = await streamingWorker();
  if (worker) {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    const id = crypto.randomUUID();
    try {
      worker.postMessage(
        { type: 'download-stream', id, filename, stream: pipe.readable } satisfies DownloadMessage,
        [pipe.readable],
      );
    } catch {
      // This browser cannot transfer streams to a worker.
      return saveBuffered(stream, filename);
    }
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'download';
    frame.src = `${DOWNLOAD_PATH}${id}`;
    document.body.append(frame);
    try {
      await stream.pipeTo(pipe.writable);
    } finally {
      setTimeout(() => frame.remove(), 1000);
    }
    return 'streamed';
  }
  return saveBuffered(stream, filename);
}

async function saveBuffered(
  stream: ReadableStream<Uint8Array>,
  filename: string,
): Promise<'buffered'> {
  const bytes = await new Response(stream).blob();
  saveBlob(new Blob([bytes], { type: 'application/zip' }), filename);
  return 'buffered';
}
