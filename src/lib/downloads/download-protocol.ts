/**
 * How the page hands a download stream to the service worker (src-sw/stream-downloads.ts):
 * it asks first (a ping answered on a MessagePort), then transfers the stream with an id and
 * opens DOWNLOAD_PATH + id, which the worker answers with the stream as an attachment.
 */
export const DOWNLOAD_PATH = '/__downloads__/';

export type DownloadMessage =
  | { type: 'download-ping' }
  | { type: 'download-stream'; id: string; filename: string; stream: ReadableStream<Uint8Array> };

export const DOWNLOAD_PONG = 'download-pong';
