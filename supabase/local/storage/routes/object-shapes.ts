/**
 * Rows as hosted Storage answers them. Hosted serialises through its response schemas
 * (fast-json-stringify): fields outside the schema are dropped, a null where the schema says
 * string becomes "", and timestamps are ISO strings.
 */

/** The columns of storage.objects that hosted's objectSchema keeps (path_tokens is not one). */
export const OBJECT_COLUMNS =
  'id, name, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

/** An object row as hosted's copy answers it (objectSchema: owner and owner_id are strings). */
export function hostedObject(row: Record<string, unknown>): Record<string, unknown> {
  return { ...row, owner: row.owner ?? '', owner_id: row.owner_id ?? '' };
}

/** The columns hosted's bucket routes select; file_size_limit is an integer there (int8 parser). */
export const BUCKET_COLUMNS =
  'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types';

/** A bucket row as hosted answers it (bucketSchema). */
export function hostedBucket(row: Record<string, unknown>): Record<string, unknown> {
  const limit = row.file_size_limit;
  return {
    ...row,
    owner: row.owner ?? '',
    file_size_limit: limit === null || limit === undefined ? null : Number(limit),
  };
}

export interface InfoRow {
  id: string;
  name: string;
  version: string;
  bucket_id: string;
  metadata: Record<string, unknown> | null;
  user_metadata: unknown;
  updated_at: Date;
  created_at: Date;
}

export const INFO_COLUMNS =
  'id, name, version, bucket_id, metadata, user_metadata, updated_at, created_at';

/** GET /object/info's answer, as hosted's InfoRenderer (src/storage/renderer/info.ts) builds it. */
export function hostedInfo(row: InfoRow): Record<string, unknown> {
  const metadata = row.metadata ?? {};
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    metadata: row.user_metadata ?? null,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}
