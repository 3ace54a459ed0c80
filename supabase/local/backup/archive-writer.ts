import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { ChecksumStream } from './checksum-stream';
import type { EntryChecksum } from './format';

/**
 * Writes a tar archive entry by entry, streaming (a file's bytes go from disk to the archive
 * in chunks), and keeps each entry's size and sha256 for the manifest.
 */
export class ArchiveWriter {
  readonly checksums: EntryChecksum[] = [];
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;

  constructor(
    path: string,
    private readonly mtime: Date,
  ) {
    // The archive holds the site's keys and every photo: readable by its owner only.
    this.written = pipeline(this.pack, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    // Awaited in finish(); until then a failure must not count as unhandled.
    this.written.catch(() => undefined);
  }

  async addBytes(name: string, bytes: Buffer): Promise<void> {
    await new Promise<void>((done, fail) => {
      this.pack.entry(
        { name, size: bytes.length, mode: 0o600, mtime: this.mtime },
        bytes,
        (error) => (error ? fail(error) : done()),
      );
    });
    this.checksums.push({
      name,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }

  /** Adds a file; fails with the open error (ENOENT) before anything is written when it is gone. */
  async addFile(name: string, path: string, onBytes?: (count: number) => void): Promise<void> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const checksum = new ChecksumStream(onBytes);
      const entry = this.pack.entry({ name, size, mode: 0o600, mtime: this.mtime });
      await pipeline(handle.createReadStream({ autoClose: false }), checksum, entry);
      this.checksums.push({ name, size, sha256: checksum.digest() });
    } finally {
      await handle.close();
    }
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
  }

  abort(error: Error): void {
    this.pack.destroy(error);
  }
}
