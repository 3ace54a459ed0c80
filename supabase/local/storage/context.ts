import type pg from 'pg';
import type { UploadSlots } from './upload-slots';

/** Limits of the service; each can be changed through startStorageService's `limits`. */
export interface StorageLimits {
  /** The largest object, whatever a bucket allows (hosted's default global limit: 50 MB). */
  fileSizeLimit: number;
  /** Uploads streaming their bodies at once. */
  maxConcurrentUploads: number;
  /** Uploads waiting for a slot, body unread, before more are refused with 503. */
  maxWaitingUploads: number;
  /** How long an upload waits for a slot before it is refused with 503. */
  uploadWaitMs: number;
  /** JSON bodies (list, remove, sign). */
  jsonBodyLimit: number;
  /** Routes other than uploads must have answered (body received included) within this. */
  handlerTimeoutMs: number;
  /** A whole request, upload body included, must arrive within this. */
  requestTimeoutMs: number;
  /** Request line and headers must arrive within this (slow-header attacks). */
  headersTimeoutMs: number;
  /** A connection with no traffic for this long is closed. */
  idleTimeoutMs: number;
  /** Request line plus headers, in bytes. */
  maxHeaderSize: number;
}

/** What a multipart body may add around its file: boundaries, part headers, small fields. */
export const MULTIPART_ALLOWANCE = 64 * 1024;

export const DEFAULT_LIMITS: StorageLimits = {
  fileSizeLimit: 50 * 1024 * 1024,
  maxConcurrentUploads: 8,
  maxWaitingUploads: 16,
  uploadWaitMs: 10_000,
  jsonBodyLimit: 1024 * 1024,
  handlerTimeoutMs: 30_000,
  requestTimeoutMs: 15 * 60_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  maxHeaderSize: 16 * 1024,
};

/** What every route group gets. */
export interface StorageContext {
  pool: pg.Pool;
  secret: Uint8Array;
  /** Objects live at {root}/{bucket}/{version}. */
  root: string;
  /** Uploads in progress: {root}/.uploads, same file system, so finished files are renamed. */
  tempDir: string;
  limits: StorageLimits;
  slots: UploadSlots;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Upload routes read their own bodies, after their checks (routes/upload.ts). */
    upload?: boolean;
  }
}
