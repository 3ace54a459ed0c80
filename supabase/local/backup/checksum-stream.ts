import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Passes bytes through unchanged while counting them and computing their sha256. */
export class ChecksumStream extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly onBytes: (count: number) => void = () => undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    this.onBytes(chunk.length);
    done(null, chunk);
  }

  /** The hex digest; call once, after the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
