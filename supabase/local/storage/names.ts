import { errors } from './errors';

/** Object keys as hosted Supabase accepts them (src/storage/limits.ts, VALID_OBJECT_KEY). */
const OBJECT_KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
/** Bucket ids as hosted accepts them (VALID_BUCKET_NAME), not starting with a dot. */
const BUCKET_ID = /^[A-Za-z0-9_!*'() &$=@;:+,?-][A-Za-z0-9_!.*'() &$=@;:+,?-]{0,99}$/;

export const MAX_OBJECT_NAME_BYTES = 1024;

/** A request body's object name and bucket id as fastify first checks them (their rules: below). */
export const OBJECT_NAME_FIELD = { type: 'string', maxLength: MAX_OBJECT_NAME_BYTES } as const;
export const BUCKET_ID_FIELD = { type: 'string', maxLength: 100 } as const;
/** Up to 1,000 object names in one request (a removal, a signing), as hosted allows. */
export const OBJECT_NAMES_FIELD = {
  type: 'array',
  minItems: 1,
  maxItems: 1000,
  items: OBJECT_NAME_FIELD,
} as const;
/** A copy's or a move's body: from one name to another, in one bucket or across two. */
export const RELOCATION_FIELDS = {
  bucketId: BUCKET_ID_FIELD,
  sourceKey: OBJECT_NAME_FIELD,
  destinationKey: OBJECT_NAME_FIELD,
  destinationBucket: BUCKET_ID_FIELD,
} as const;

/**
 * A bucket id fit to be a folder name under the storage root (`{root}/{bucket}/{version}`);
 * the folder `.uploads` there holds uploads in progress and can never be a bucket.
 */
export function checkBucketId(id: string | undefined): string {
  if (!id || !BUCKET_ID.test(id)) throw errors.bucketNameInvalid();
  return id;
}

/**
 * An object name: at most 1024 bytes, the characters hosted Supabase allows, and no empty,
 * '.' or '..' segment (so no leading, trailing or doubled slash). Backslashes, control
 * characters, '%' and non-ASCII characters are outside the allowed set.
 */
export function checkObjectName(name: string | undefined): string {
  const valid =
    !!name &&
    Buffer.byteLength(name, 'utf8') <= MAX_OBJECT_NAME_BYTES &&
    OBJECT_KEY_CHARACTERS.test(name) &&
    !name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..');
  // The message names the key as sent, as hosted's does (its checks are looser than these).
  if (!valid) throw errors.invalidKey(name ?? '');
  return name;
}

/** A stored object version is a file name under the bucket folder: never anything else. */
export function isSafeVersion(version: unknown): version is string {
  return typeof version === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(version);
}
