import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mimeTypeAllowed, type Bucket } from './buckets';
import { errors } from './errors';
import { sniffImageType } from './image-type';

/** An upload written completely to a temporary file, its content checked. */
export interface ReceivedFile {
  /** The temporary file, in the same file system as the objects (so it is renamed into place). */
  path: string;
  size: number;
  /** Hex MD5 of the bytes: the object's ETag, as hosted (S3's ETag of a single-part upload). */
  md5: string;
  /** The type the content shows (a raster image type), or application/octet-stream. */
  mimetype: string;
}

/** Bytes enough for every signature image-type.ts knows. */
const HEAD_BYTES = 32;

/**
 * The type to store for a file whose first bytes are `head`, declared as `declaredType`
 * (already allowed by the bucket). A declared image type must be what the bytes show (so an
 * SVG or HTML file labelled image/png is refused); whatever the label, bytes that show a
 * raster image are stored with that type, anything else as application/octet-stream. Never
 * the caller's label: that is what downloads are later served with.
 *
 * Shared by every way a file arrives (standard uploads here; a tus upload would call it with
 * the head of its finished file).
 */
export function storedTypeOf(head: Uint8Array, declaredType: string, bucket: Bucket): string {
  const sniffed = sniffImageType(head);
  if (declaredType.startsWith('image/') && sniffed !== declaredType)
    throw errors.contentMismatch(declaredType);
  if (sniffed && !mimeTypeAllowed(bucket, sniffed)) throw errors.invalidMimeType(sniffed);
  return sniffed ?? 'application/octet-stream';
}

/**
 * Passes the bytes through while counting them (refusing the byte past `limit` with 413),
 * hashing them, and checking the type as soon as the first bytes are in (415).
 */
class UploadInspector extends Transform {
  size = 0;
  mimetype: string | undefined;
  private readonly hash = createHash('md5');
  private head = Buffer.alloc(0);

  constructor(
    private readonly limit: number,
    private readonly checkHead: (head: Uint8Array) => string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(errors.tooLarge());
      return;
    }
    this.hash.update(chunk);
    try {
      if (this.mimetype === undefined) {
        this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
        if (this.head.length >= HEAD_BYTES) this.mimetype = this.checkHead(this.head);
      }
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.mimetype ??= this.checkHead(this.head);
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback();
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Streams `source` into a new temporary file under `tempDir`, never holding more than a chunk
 * in memory. On any failure (limit, type, client gone, disk) the temporary file is removed
 * and the error thrown. The source is read through a proxy, so a refusal does not destroy the
 * request itself: the 413/415 answer can still be sent (the caller then closes the connection).
 */
export async function receiveToTemporaryFile(
  source: Readable,
  options: {
    tempDir: string;
    limit: number;
    declaredType: string;
    bucket: Bucket;
    signal: AbortSignal;
  },
): Promise<ReceivedFile> {
  const path = join(options.tempDir, randomUUID());
  const inspector = new UploadInspector(options.limit, (head) =>
    storedTypeOf(head, options.declaredType, options.bucket),
  );
  // A source that was destroyed, or closes before its end (a client gone, a multipart body
  // cut short), would otherwise leave the pipeline waiting forever.
  if (source.destroyed && !source.readableEnded)
    throw new Error('The upload ended before the file did');
  const proxy = new PassThrough();
  const onSourceError = (error: Error) => proxy.destroy(error);
  const onSourceClose = () => {
    if (!source.readableEnded) proxy.destroy(new Error('The upload ended before the file did'));
  };
  source.on('error', onSourceError);
  source.on('close', onSourceClose);
  source.pipe(proxy);
  const writer = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(proxy, inspector, writer, { signal: options.signal });
    return { path, size: inspector.size, md5: inspector.digest(), mimetype: inspector.mimetype! };
  } catch (error) {
    // A refusal on the first bytes can come while the file is still being opened: the writer
    // then creates it after the pipeline has failed. Remove it only once the writer has closed,
    // or the removal runs first and the file stays behind.
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    await rm(path, { force: true });
    throw error;
  } finally {
    source.unpipe(proxy);
    source.off('error', onSourceError);
    source.off('close', onSourceClose);
  }
}
