import { useSyncExternalStore } from 'react';

/** Bytes of one original the server has taken so far, of its size. */
export interface FileProgress {
  sent: number;
  total: number;
}

export interface UploadProgressSnapshot {
  /** By photo id: the originals on the wire in this tab. */
  files: ReadonlyMap<string, FileProgress>;
  /** Bytes per second over the last few seconds of sending, or null before there is a measure. */
  bytesPerSecond: number | null;
}

/** The speed is measured over this window: long enough to be steady, short enough to follow a change of network. */
const WINDOW_MS = 8_000;
/** Screens are told at most this often (progress events come every few milliseconds). */
const NOTIFY_MS = 250;

/**
 * Where each original being sent stands (the outbox's sender reports; the Add Photos dialog
 * and the album page read). Kept in memory: after a reload the bytes already on the server are
 * the tus upload's offset, and the first report of the resumed upload says so.
 */
export class UploadProgress {
  private files = new Map<string, FileProgress>();
  private samples: Array<{ at: number; bytes: number }> = [];
  private snapshot: UploadProgressSnapshot = { files: new Map(), bytesPerSecond: null };
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  report(photoId: string, sent: number, total: number): void {
    const before = this.files.get(photoId);
    // A resumed upload's first report jumps to the server's offset: bytes sent earlier, not now.
    if (before && sent > before.sent)
      this.samples.push({ at: this.now(), bytes: sent - before.sent });
    this.files.set(photoId, { sent, total });
    this.schedule();
  }

  /** The original is on the server (or its upload stopped): it no longer counts. */
  finish(photoId: string): void {
    if (this.files.delete(photoId)) this.schedule();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadProgressSnapshot => this.snapshot;

  private speed(): number | null {
    const now = this.now();
    this.samples = this.samples.filter((sample) => now - sample.at <= WINDOW_MS);
    if (this.samples.length < 2) return null;
    const span = now - this.samples[0]!.at;
    if (span < 500) return null;
    const bytes = this.samples.reduce((sum, sample) => sum + sample.bytes, 0);
    return (bytes / span) * 1000;
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.snapshot = { files: new Map(this.files), bytesPerSecond: this.speed() };
      for (const listener of this.listeners) listener();
    }, NOTIFY_MS);
  }
}

/** The tab's one record of originals on the wire. */
export const uploadProgress = new UploadProgress();

export function useUploadProgress(): UploadProgressSnapshot {
  return useSyncExternalStore(uploadProgress.subscribe, uploadProgress.getSnapshot);
}

/**
 * Seconds until the rest is sent at the measured speed, or null while it cannot be told. Only
 * originals are counted (the renditions are a few hundred kilobytes each).
 */
export function secondsLeft(remainingBytes: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null;
  return Math.ceil(remainingBytes / bytesPerSecond);
}
