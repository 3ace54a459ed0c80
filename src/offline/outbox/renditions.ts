import { RENDITION_EDGES } from '@/lib/backend/photo-objects';
import type { RenditionReply, RenditionRequest } from './rendition-messages';

export interface Renditions {
  /** Size of the original as displayed, after its EXIF orientation. */
  width: number;
  height: number;
  /** WebP; JPEG from a browser that cannot encode WebP (Safari). Stored with the blob's type. */
  thumb: Blob;
  cover: Blob;
  preview: Blob;
}

/**
 * Workers kept between photos (starting one costs tens of milliseconds), one per job under way:
 * how many jobs run at once is the callers' choice (rendition-pool.ts). Idle ones end after a
 * while, since each may still hold memory from its last photo.
 */
const idleWorkers: Worker[] = [];
const IDLE_MS = 30_000;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function takeWorker(): Worker {
  return (
    idleWorkers.pop() ??
    new Worker(new URL('./rendition-worker.ts', import.meta.url), {
      type: 'module',
      name: 'renditions',
    })
  );
}

function putBack(worker: Worker): void {
  idleWorkers.push(worker);
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => idleWorkers.splice(0).forEach((idle) => idle.terminate()), IDLE_MS);
}

function ask(worker: Worker, request: RenditionRequest): Promise<RenditionReply> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<RenditionReply>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message || 'The renditions worker stopped'));
    worker.postMessage(request);
  });
}

/** The worker's renditions of a photo; a photo it cannot read is refused with its name. */
async function madeInWorker(request: RenditionRequest, name: string) {
  const worker = takeWorker();
  let reply: RenditionReply;
  try {
    reply = await ask(worker, request);
  } catch (error) {
    worker.terminate();
    throw unreadable(name, error);
  }
  putBack(worker);
  if (!reply.ok) throw unreadable(name, new Error(reply.message));
  return reply;
}

/**
 * The thumbnail (≤ 480 px long edge), cover (≤ 1200 px) and preview (≤ 2048 px) of a photo,
 * made in a Web Worker from one decode with the EXIF orientation applied (rendition-worker.ts),
 * and the photo's displayed width × height.
 */
export async function makeRenditions(original: Blob, name: string): Promise<Renditions> {
  const { width, height, renditions } = await madeInWorker(
    { original, edges: RENDITION_EDGES },
    name,
  );
  const { thumb, cover, preview } = renditions;
  if (!thumb || !cover || !preview) throw unreadable(name, new Error('A rendition is missing'));
  return { width, height, thumb, cover, preview };
}

/**
 * The cover rendition (≤ 1200 px) of a photo uploaded before there were any, made from its
 * preview in the same workers (cover-renditions.ts).
 */
export async function makeCoverRendition(preview: Blob, name: string): Promise<Blob> {
  const { renditions } = await madeInWorker(
    { original: preview, edges: { cover: RENDITION_EDGES.cover } },
    name,
  );
  if (!renditions.cover) throw unreadable(name, new Error('No cover was made'));
  return renditions.cover;
}

/**
 * Whatever the decoder said: the photographer needs the file's name and what to do. It is a
 * refusal of this photo alone (docs/offline.md).
 */
const unreadable = (name: string, cause: unknown) =>
  new Error(
    `${name} could not be read as a photo. Discard it, then add the file again from the card.`,
    { cause },
  );
