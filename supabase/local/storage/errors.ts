/**
 * Errors of the storage service, answered in Supabase Storage's shape
 * `{statusCode: '413', error: 'Payload too large', message: '…'}` (storage-js reads `message`
 * and `statusCode`). Unlike hosted Supabase, which answers most errors with HTTP 400 and puts
 * the real code only in the body (src/http/error-handler.ts), the HTTP status here is the real
 * one: the app tells "retry later" from "refused" by it.
 *
 * Messages never carry stack traces, SQL, file paths or echoed header values.
 */
export class StorageHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** Extra response headers, e.g. retry-after. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const errors = {
  invalidJwt: () => new StorageHttpError(403, 'Unauthorized', 'Invalid JWT'),
  notAuthenticated: () => new StorageHttpError(401, 'Unauthorized', 'Not authenticated'),
  rlsDenied: () =>
    new StorageHttpError(403, 'Unauthorized', 'new row violates row-level security policy'),
  bucketNotFound: () => new StorageHttpError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageHttpError(404, 'not_found', 'Object not found'),
  routeNotFound: () => new StorageHttpError(404, 'not_found', 'Route not found'),
  /** The key as sent, as hosted (mustBeValidKey), shown printable and at most 1,024 characters. */
  invalidKey: (key: string) =>
    new StorageHttpError(400, 'InvalidKey', `Invalid key: ${printable(key, 1024)}`),
  bucketNameInvalid: () => new StorageHttpError(400, 'Invalid Input', 'Bucket name invalid'),
  /** A caller that may see the object but not delete it, or a route for another role (hosted: AccessDenied). */
  accessDenied: (message = 'Access denied') => new StorageHttpError(403, 'Unauthorized', message),
  bucketNotEmpty: () =>
    new StorageHttpError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  tooManyToEmpty: () =>
    new StorageHttpError(
      409,
      'InvalidRequest',
      'Unable to empty the bucket because it contains too many objects',
    ),
  invalidFileSizeLimit: () =>
    new StorageHttpError(
      400,
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  noContent: () => new StorageHttpError(400, 'InvalidRequest', 'No content provided'),
  invalidRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', message),
  duplicate: () => new StorageHttpError(409, 'Duplicate', 'The resource already exists'),
  tooLarge: (entity = 'object') =>
    new StorageHttpError(
      413,
      'Payload too large',
      `The ${entity} exceeded the maximum allowed size`,
    ),
  invalidMimeType: (type: string) =>
    new StorageHttpError(415, 'invalid_mime_type', `mime type ${printable(type)} is not supported`),
  contentMismatch: (type: string) =>
    new StorageHttpError(415, 'invalid_mime_type', `the file content is not ${printable(type)}`),
  invalidSignature: (message = 'Invalid signature') =>
    new StorageHttpError(400, 'InvalidSignature', message),
  expiredSignature: () =>
    new StorageHttpError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRange: (size: number) =>
    new StorageHttpError(416, 'invalid_range', 'invalid range provided', {
      'content-range': `bytes */${size}`,
    }),
  requestTimeout: () => new StorageHttpError(408, 'Request timeout', 'The request took too long'),
  /**
   * Upload capacity is full. 503 (not 429): it is the server's capacity, not this client's
   * rate, and the app retries both; retry-after says when to try again.
   */
  busy: () =>
    new StorageHttpError(
      503,
      'Service unavailable',
      'Too many uploads in progress, try again shortly',
      {
        'retry-after': '5',
      },
    ),
  databaseUnavailable: () =>
    new StorageHttpError(503, 'Service unavailable', 'The database is busy, try again shortly', {
      'retry-after': '5',
    }),
  internal: () => new StorageHttpError(500, 'internal', 'Internal server error'),
};

/** Shows a client-supplied value in a message: printable ASCII only, at most `max` characters. */
function printable(value: string, max = 100): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, max);
}

/** A Postgres or pg-pool failure as the error the caller should see. */
export function fromDatabaseError(error: unknown): StorageHttpError {
  if (error instanceof StorageHttpError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'PT401':
      // private.refuse_stale_admin_session(): admin headers of a session that is gone.
      return errors.notAuthenticated();
    case '42501':
      return errors.rlsDenied();
    case '23505':
      return errors.duplicate();
    case '22P02':
    case '22021':
    case '22001':
      return errors.invalidRequest('Invalid request');
    case '57014': // statement timeout
    case '53300': // too many connections
    case '55P03': // lock not available
      return errors.databaseUnavailable();
  }
  if (error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message)) {
    return errors.databaseUnavailable();
  }
  console.error(
    'storage: unexpected error:',
    error instanceof Error ? error.message : String(error),
  );
  return errors.internal();
}
