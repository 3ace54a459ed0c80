import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors';
import {
  attachmentDisposition,
  OBJECT_SECURITY_HEADERS,
  privateCacheControl,
  servedCacheControl,
  servedEtag,
  servedLastModified,
} from './headers';
import { RASTER_IMAGE_TYPES } from './image-type';
import { isSafeVersion } from './names';
import { objectFilePath } from './store-object';

export interface StoredObject {
  version: unknown;
  metadata: Record<string, unknown> | null;
}

interface ServeOptions {
  root: string;
  bucketId: string;
  object: StoredObject;
  /** Signed URLs: the token's expiry replaces the object's cache-control. */
  expiresAt?: Date;
  /** Read under row-level security (a private bucket): for this caller's browser only. */
  private?: boolean;
}

/** Parses a single `bytes=` range; undefined for none or a form not served (multiple ranges). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => bare(candidate) === bare(etag));
}

/**
 * Sends an object's bytes from disk with the type stored at upload (a raster image type the
 * content showed, else application/octet-stream), the object security headers, ETag/304,
 * Last-Modified, a single byte Range (206/416) and `?download=` as an attachment.
 */
export async function serveObject(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ServeOptions,
) {
  const { version, metadata } = options.object;
  if (!isSafeVersion(version)) throw errors.objectNotFound();
  const path = objectFilePath(options.root, options.bucketId, version);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw errors.objectNotFound();

  const storedType = metadata?.mimetype;
  const type =
    typeof storedType === 'string' && RASTER_IMAGE_TYPES.has(storedType)
      ? storedType
      : 'application/octet-stream';
  const etag = servedEtag(metadata?.eTag, version);
  const lastModified = servedLastModified(metadata?.lastModified, info.mtime);
  const headers: Record<string, string> = {
    ...OBJECT_SECURITY_HEADERS,
    'content-type': type,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': lastModified,
  };
  if (options.expiresAt) {
    const seconds = Math.max(0, Math.floor((options.expiresAt.getTime() - Date.now()) / 1000));
    headers['cache-control'] = `private, max-age=${seconds}`;
    headers.expires = options.expiresAt.toUTCString();
  } else {
    headers['cache-control'] = (options.private ? privateCacheControl : servedCacheControl)(
      metadata?.cacheControl,
    );
  }
  const query = request.query as Record<string, unknown>;
  const download: unknown = Array.isArray(query.download) ? query.download[0] : query.download;
  if (typeof download === 'string')
    headers['content-disposition'] = attachmentDisposition(download);
  else if (type === 'application/octet-stream') headers['content-disposition'] = 'attachment';
  reply.headers(headers);

  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified = ifNoneMatch
    ? etagMatches(ifNoneMatch, etag)
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
  if (notModified) {
    reply.removeHeader('content-disposition');
    return reply.code(304).send();
  }

  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag
      ? parseRange(request.headers.range, info.size)
      : undefined;
  if (range === 'unsatisfiable') throw errors.invalidRange(info.size);
  const start = range?.start ?? 0;
  const end = range?.end ?? info.size - 1;
  reply.header('content-length', String(Math.max(end - start + 1, 0)));
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
  if (request.method === 'HEAD' || info.size === 0) return reply.send();
  return reply.send(createReadStream(path, { start, end }));
}
