import type pg from 'pg';
import { errors, fromDatabaseError } from './errors';

export interface Bucket {
  id: string;
  public: boolean;
  /** The most bytes one object may have: the bucket's limit, capped by the service's. */
  fileSizeLimit: number;
  allowedMimeTypes: string[] | null;
}

/** Reads a bucket as the service (buckets are not secret; hosted reads them as superuser too). */
export async function findBucket(
  pool: pg.Pool,
  id: string,
  globalFileSizeLimit: number,
): Promise<Bucket> {
  let rows: Array<{
    id: string;
    public: boolean;
    file_size_limit: string | null;
    allowed_mime_types: string[] | null;
  }>;
  try {
    ({ rows } = await pool.query(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    ));
  } catch (error) {
    throw fromDatabaseError(error);
  }
  const row = rows[0];
  if (!row) throw errors.bucketNotFound();
  const own = row.file_size_limit === null ? Infinity : Number(row.file_size_limit);
  return {
    id: row.id,
    public: row.public,
    fileSizeLimit: Math.min(own, globalFileSizeLimit),
    allowedMimeTypes:
      row.allowed_mime_types && row.allowed_mime_types.length > 0 ? row.allowed_mime_types : null,
  };
}

/**
 * Whether the bucket takes this declared type, as validateMimeType() hosted: compared exactly
 * (not lower-cased, parameters kept), `image/*` entries allowed (docs/deploy.md 4.2).
 */
export function mimeTypeAllowed(bucket: Bucket, type: string): boolean {
  if (!bucket.allowedMimeTypes) return true;
  const [kind, subtype] = type.split('/');
  if (!kind || !subtype) return false;
  return bucket.allowedMimeTypes.some((allowed) => {
    const [allowedKind, allowedSubtype] = allowed.split('/');
    return allowedKind === kind && (allowedSubtype === '*' || allowedSubtype === subtype);
  });
}
