import { DetailedError, Upload } from 'tus-js-client';
import type { Backend } from './client';
import { BackendError, NetworkFailure, toBackendError } from './errors';
import { ORIGINALS_BUCKET, originalPath } from './photo-objects';

/**
 * Resumable uploads of originals with the tus protocol, as hosted Supabase Storage takes them
 * at /storage/v1/upload/resumable (the local storage service has the same endpoint:
 * supabase/local/storage/routes/resumable.ts).
 *
 * Authentication: the admin's session travels in x-admin-* headers, which row-level security
 * reads. Hosted's tus route answers CORS preflights itself and lists only its own headers
 * (Authorization, X-Upsert, Upload-Expires, ApiKey, x-signature), so a browser on another
 * origin could not send ours there. Instead the app asks, with its session headers, for a
 * signed upload token for the one object (createSignedUploadUrl: row-level security decides
 * then, as for any upload) and sends the bytes to /upload/resumable/sign with the token in
 * x-signature. Both stacks take that; docs/SECURITY.md, class 3.
 */

/** Hosted Storage takes tus chunks of exactly 6 MB (its S3 part size); the last may be shorter. */
export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024;
/** tus answers that mean "ask again where the upload stands" (see the retry below). */
const STALE_UPLOAD = new Set([404, 409, 410, 423]);
/** No byte acknowledged for this long: the connection is taken as lost (a link that carries nothing never fails on its own). */
const STALL_MS = 30_000;

export interface ResumableUploadOptions {
  /** The upload URL of an earlier attempt: the upload continues from what the server has. */
  uploadUrl?: string | null;
  /** Called once the server has made the upload (before any byte is sent), with its URL to keep. */
  onUploadUrl?: (url: string) => Promise<void> | void;
  /** Bytes the server has acknowledged, of the total. */
  onProgress?: (sent: number, total: number) => void;
  chunkSize?: number;
  /** Stops the upload and removes what the server has of it; the call then fails with the signal's reason. */
  signal?: AbortSignal;
}

/** A tus failure as the outbox's kinds: no answer is a network failure; an answer keeps its status and message. */
function failureOf(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (!response || response.getStatus() === 0)
      return toBackendError(new NetworkFailure({ cause: error }));
    const text = response.getBody()?.trim();
    let message = text || `Upload failed (${response.getStatus()})`;
    try {
      // Hosted answers some refusals as Storage's JSON error.
      const parsed = JSON.parse(message) as { message?: unknown };
      if (typeof parsed.message === 'string') message = parsed.message;
    } catch {
      // plain text, as tus answers
    }
    return toBackendError({ message }, response.getStatus());
  }
  return toBackendError(error);
}

/** An upload token for one original (row-level security decides, with this admin's session). */
async function uploadToken(backend: Backend, name: string): Promise<string> {
  const { data, error } = await backend.adminClient.storage
    .from(ORIGINALS_BUCKET)
    .createSignedUploadUrl(name, { upsert: true });
  if (error) throw toBackendError(error);
  return data.token;
}

/**
 * Sends a photo's original to bucket originals at `name`, resumably: from the server's offset
 * of `options.uploadUrl` when given, in 6 MB chunks. Replaces an existing object (a replay).
 * Returns the path the photo row keeps. A lost connection fails with a network BackendError;
 * the outbox retries, and the retry resumes from the last acknowledged chunk.
 *
 * `file` is a Blob in the browser; in Node (tests, scripts) a Buffer.
 */
export async function uploadOriginalResumable(
  backend: Backend,
  name: string,
  file: ConstructorParameters<typeof Upload>[0],
  contentType: string,
  options: ResumableUploadOptions = {},
): Promise<string> {
  const token = await uploadToken(backend, name);
  const { supabaseUrl, supabaseAnonKey } = backend.config;
  await new Promise<void>((resolve, reject) => {
    let lastProgress = Date.now();
    let settled = false;
    const finish = (error?: BackendError) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      options.signal?.removeEventListener('abort', stop);
      if (error) reject(error);
      else resolve();
    };
    const upload = new Upload(file, {
      endpoint: `${supabaseUrl.replace(/\/$/, '')}/storage/v1/upload/resumable/sign`,
      uploadUrl: options.uploadUrl ?? null,
      headers: { 'x-signature': token, apikey: supabaseAnonKey },
      chunkSize: options.chunkSize ?? RESUMABLE_CHUNK_BYTES,
      metadata: {
        bucketName: ORIGINALS_BUCKET,
        objectName: name,
        contentType,
        cacheControl: '31536000',
      },
      // Lost connections and server errors go back to the outbox (its back-off, its offline
      // pause), whose retry resumes. Retried here at once: answers that only say the upload
      // moved on without this client hearing of it (gone once stored: 404/410; another offset:
      // 409; busy: 423), e.g. when a browser resends a chunk whose answer was lost. The retry
      // asks the server where the upload stands (HEAD) and goes on, or starts a new one.
      retryDelays: [0, 500, 2000],
      onShouldRetry: (error) => STALE_UPLOAD.has(error.originalResponse?.getStatus() ?? 0),
      // Where the upload is kept is the outbox's business (IndexedDB), not localStorage.
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      onUploadUrlAvailable: () => {
        if (!upload.url) return;
        Promise.resolve(options.onUploadUrl?.(upload.url)).catch((error: unknown) =>
          console.warn('Upload URL not kept', error),
        );
      },
      onProgress: (sent, total) => {
        lastProgress = Date.now();
        options.onProgress?.(sent, total);
      },
      onSuccess: () => finish(),
      onError: (error) => finish(failureOf(error)),
    });
    const stop = () => {
      // Terminated: the server drops the part it has (a file that will never be a photo).
      upload.abort(true).catch(() => undefined);
      finish(toBackendError(options.signal?.reason));
    };
    if (options.signal?.aborted) {
      finish(toBackendError(options.signal.reason));
      return;
    }
    options.signal?.addEventListener('abort', stop, { once: true });
    const watchdog = setInterval(() => {
      if (Date.now() - lastProgress < STALL_MS) return;
      void upload.abort(false);
      finish(toBackendError(new NetworkFailure()));
    }, 1000);
    upload.start();
  });
  return originalPath(name);
}
