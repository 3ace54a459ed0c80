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
 * Photos whose renditions are made at once, whoever asks (the pool working ahead, an upload
 * being sent, an original sent ahead): each holds a decoded photo (about 100 MB for 24 MP)
 * while it works, so at most four. One per core but one, which is left to the page and the
 * sending; but two on a two-core device: sending at a photographer's uplink takes little of a
 * core, and one job at a time left a 2-core laptop's uplink idle while each photo was decoded
 * and encoded (bench/scenarios/upload.ts).
 */
const CORES = globalThis.navigator?.hardwareConcurrency ?? 2;
export const RENDITIONS_AT_ONCE = Math.min(4, Math.max(Math.min(2, CORES), CORES - 1));
let working = 0;
const waitingTurns: Array<() => void> = [];

/** Waits for a free place among RENDITIONS_AT_ONCE, first come first served. */
function takeTurn(): Promise<void> {
  if (working < RENDITIONS_AT_ONCE) {
    working += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waitingTurns.push(resolve));
}

/** Gives the place to the next waiting job, if any. */
function endTurn(): void {
  const next = waitingTurns.shift();
  if (next) next();
  else working -= 1;
}

/**
 * Workers kept between photos (starting one costs tens of milliseconds), one per job under way.
 * Idle ones end after a while, since each may still hold memory from its last photo.
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
  await takeTurn();
  const worker = takeWorker();
  let reply: RenditionReply;
  try {
    reply = await ask(worker, request);
  } catch (error) {
    worker.terminate();
    throw unreadable(name, error);
  } finally {
    endTurn();
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
