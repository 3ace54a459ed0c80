import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A real JPEG of `size` bytes, written to `path`: a fixture's picture after comment segments of
 * random bytes (as a camera's maker notes pad a file). It passes the app's structure check and
 * decodes in a moment, so a test or bench of sending 40 MB is about the sending.
 */
export function largeJpeg(path: string, size: number): Buffer {
  const picture = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'landscape.jpg'));
  const segments: Buffer[] = [picture.subarray(0, 2)];
  let length = picture.length;
  while (length < size) {
    const payload = Math.min(65_533, size - length - 4);
    if (payload <= 0) break;
    segments.push(
      Buffer.from([0xff, 0xfe, (payload + 2) >> 8, (payload + 2) & 0xff]),
      randomBytes(payload),
    );
    length += 4 + payload;
  }
  segments.push(picture.subarray(2));
  const bytes = Buffer.concat(segments);
  writeFileSync(path, bytes);
  return bytes;
}
