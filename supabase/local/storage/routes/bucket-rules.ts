import { errors } from '../errors';
import { checkBucketId } from '../names';

/**
 * The checks hosted Storage makes on a bucket's settings before writing them
 * (Storage.createBucket / updateBucket / validateMimeType / parseMaxSizeLimit in
 * src/storage/storage.ts, parseFileSizeToBytes in src/storage/limits.ts), with its refusals.
 */

/** A bucket name as hosted takes it: no surrounding spaces, 1–100 allowed characters. */
export function checkNewBucketName(name: string): string {
  if (name.trim() !== name) throw errors.bucketNameInvalid();
  return checkBucketId(name);
}

const SIZE_WITH_UNIT = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i;
const UNIT_BYTES: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1000, B: 1 };

/**
 * `file_size_limit` as bytes: a number, or "20MB"-style text (decimal units, three significant
 * digits, as hosted); null clears it. Above the service's own limit: 413, as hosted.
 */
export function parseFileSizeLimit(
  value: number | string | null | undefined,
  globalLimit: number,
): number | null | undefined {
  if (value === undefined || value === null) return value;
  let bytes = value;
  if (typeof bytes === 'string') {
    const match = SIZE_WITH_UNIT.exec(bytes);
    if (!match) throw errors.invalidFileSizeLimit();
    bytes =
      Number(Number.parseFloat(match[1] ?? '').toPrecision(3)) *
      (UNIT_BYTES[(match[2] ?? '').toUpperCase()] ?? Number.NaN);
  }
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw errors.invalidFileSizeLimit();
  if (bytes > globalLimit) throw errors.tooLarge();
  return bytes;
}

const MIME_TYPE = /^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/;

/** `allowed_mime_types`: empty entries dropped, each a type (or ending in `*`), else 415. */
export function checkAllowedMimeTypes(
  types: string[] | null | undefined,
): string[] | null | undefined {
  if (!types) return types;
  const kept = types.filter((type) => type !== '');
  for (const type of kept) {
    if (type.length > 1000 || !MIME_TYPE.test(type)) throw errors.invalidMimeType(type);
  }
  return kept;
}

/** The JSON schema of the settings, as hosted's (file-size-limit.ts), with length limits. */
export const bucketSettingsSchema = {
  public: { type: 'boolean' },
  file_size_limit: {
    anyOf: [
      { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      {
        type: 'string',
        maxLength: 32,
        pattern: '^[0-9]+(?:\\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$',
      },
      { type: 'null' },
    ],
  },
  allowed_mime_types: {
    anyOf: [
      { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 1000 } },
      { type: 'null' },
    ],
  },
} as const;
