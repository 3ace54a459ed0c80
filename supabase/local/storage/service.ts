import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { jwtVerify, type JWTPayload } from 'jose';
import type pg from 'pg';
import { canonicalMimeType, sniffImageType } from './image-type';

/**
 * The part of the Supabase Storage HTTP API that @supabase/storage-js uses here: upload
 * (POST, with x-upsert), update (PUT), public and authenticated download, list and remove.
 * Bytes live on disk under {root}/{bucket}/{version}; metadata lives in storage.objects,
 * written in a transaction that takes on the caller's role and request headers (as
 * Supabase Storage does), so the same row-level-security policies decide as when hosted.
 */
export interface StorageServiceOptions {
  pool: pg.Pool;
  jwtSecret: string;
  root: string;
}

export interface RunningStorageService {
  /** The service's own loopback address; the gateway forwards /storage/v1/* here, prefix removed. */
  url: string;
  stop(): Promise<void>;
}

/** Runs the storage service as its own server on 127.0.0.1 (as storage-api sits behind Kong when hosted). */
export function startStorageService(options: StorageServiceOptions & { port: number }): Promise<RunningStorageService> {
  const handle = createStorageService(options);
  const server = createServer((req, res) => void handle(req, res, req.url ?? '/'));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${options.port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

class StorageHttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const MAX_BODY = 60 * 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Object names as Supabase accepts them, minus anything that could escape a folder. */
function checkObjectName(name: string): string {
  if (
    name === '' ||
    name.length > 1024 ||
    name.startsWith('/') ||
    name.split('/').some((part) => part === '' || part === '.' || part === '..') ||
    !/^[\w!\-.*'() &$@=;:+,?/]+$/.test(name)
  ) {
    throw new StorageHttpError(400, 'InvalidKey', `Invalid key: ${name}`);
  }
  return name;
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw new StorageHttpError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The file of an upload: a multipart form (what storage-js sends for a Blob) or a raw body. */
async function readUpload(req: IncomingMessage, limit: number) {
  const declared = req.headers['content-type'] ?? '';
  const body = await readBody(req, limit + 1024 * 1024);
  if (declared.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': declared } }).formData();
    let file: File | undefined;
    form.forEach((value) => {
      if (!file && typeof value !== 'string') file = value;
    });
    if (!file) throw new StorageHttpError(400, 'InvalidRequest', 'The form holds no file');
    const cacheControl = form.get('cacheControl');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimeType: canonicalMimeType(file.type || 'application/octet-stream'),
      cacheControl: typeof cacheControl === 'string' ? cacheControl : '3600',
    };
  }
  const cacheControl = /max-age=(\d+)/.exec(req.headers['cache-control'] ?? '')?.[1] ?? '3600';
  return { bytes: body, mimeType: canonicalMimeType(declared || 'application/octet-stream'), cacheControl };
}

function mimeTypeAllowed(bucket: Bucket, type: string): boolean {
  if (!bucket.allowed_mime_types || bucket.allowed_mime_types.length === 0) return true;
  return bucket.allowed_mime_types.some((allowed) =>
    allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : allowed === type,
  );
}

export function createStorageService(options: StorageServiceOptions) {
  const { pool, root } = options;
  const secret = new TextEncoder().encode(options.jwtSecret);

  const filePath = (bucketId: string, version: string) => join(root, bucketId, version);

  async function callerClaims(req: IncomingMessage): Promise<JWTPayload & { role: string }> {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const apikey = req.headers.apikey;
    const token = bearer ?? (typeof apikey === 'string' ? apikey : undefined);
    if (!token) throw new StorageHttpError(403, 'Unauthorized', 'Missing authorization header');
    try {
      const { payload } = await jwtVerify(token, secret);
      if (typeof payload.role !== 'string' || !API_ROLES.has(payload.role)) throw new Error('role');
      return payload as JWTPayload & { role: string };
    } catch {
      throw new StorageHttpError(403, 'Unauthorized', 'Invalid JWT');
    }
  }

  async function findBucket(id: string): Promise<Bucket> {
    const { rows } = await pool.query<Bucket>(
      'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw new StorageHttpError(404, 'Bucket not found', 'Bucket not found');
    return rows[0];
  }

  /** Runs work in a transaction that acts as the caller, as Supabase Storage does. */
  async function asCaller<T>(req: IncomingMessage, operation: string, work: (client: pg.PoolClient) => Promise<T>) {
    const claims = await callerClaims(req);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.headers', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true), set_config('storage.operation', $6, true)`,
        [claims.role, JSON.stringify(claims), JSON.stringify(req.headers), req.method ?? '', req.url ?? '', operation],
      );
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw translateDatabaseError(error);
    } finally {
      client.release();
    }
  }

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, mode: 'create' | 'update') {
    const bucket = await findBucket(bucketId);
    const limit = Math.min(Number(bucket.file_size_limit ?? MAX_BODY), MAX_BODY);
    const file = await readUpload(req, limit);
    if (file.bytes.length > limit) {
      throw new StorageHttpError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    if (!mimeTypeAllowed(bucket, file.mimeType)) {
      throw new StorageHttpError(415, 'invalid_mime_type', `mime type ${file.mimeType} is not supported`);
    }
    const sniffed = sniffImageType(file.bytes);
    if (file.mimeType.startsWith('image/') && sniffed !== file.mimeType) {
      throw new StorageHttpError(415, 'invalid_mime_type', `the file content is not ${file.mimeType}`);
    }

    const upsert = mode === 'update' || req.headers['x-upsert'] === 'true';
    const version = randomUUID();
    const metadata: ObjectMetadata = {
      eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
      size: file.bytes.length,
      mimetype: file.mimeType,
      cacheControl: `max-age=${file.cacheControl}`,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.length,
      httpStatusCode: 200,
    };
    mkdirSync(join(root, bucketId), { recursive: true });
    const target = filePath(bucketId, version);
    await writeFile(`${target}.partial`, file.bytes);
    await rename(`${target}.partial`, target);

    const previous = await pool.query<{ version: string }>(
      'select version from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    try {
      const id = await asCaller(req, mode === 'update' ? 'object.update' : 'object.upload', async (client) => {
        const sql =
          mode === 'update'
            ? `update storage.objects set metadata = $3, version = $4, updated_at = now()
                where bucket_id = $1 and name = $2 returning id`
            : `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, $4)
               ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, updated_at = now()' : ''}
               returning id`;
        const { rows } = await client.query<{ id: string }>(sql, [bucketId, name, metadata, version]);
        if (!rows[0]) throw new StorageHttpError(404, 'not_found', 'Object not found');
        return rows[0].id;
      });
      const old = previous.rows[0]?.version;
      if (old && old !== version) await rm(filePath(bucketId, old), { force: true });
      sendJson(res, 200, { Key: `${bucketId}/${name}`, Id: id });
    } catch (error) {
      await rm(target, { force: true });
      throw error;
    }
  }

  async function remove(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    await findBucket(bucketId);
    const body = JSON.parse((await readBody(req, 1024 * 1024)).toString('utf8') || '{}') as { prefixes?: unknown };
    const names = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : [];
    const removed = await asCaller(req, 'object.delete', async (client) => {
      const { rows } = await client.query(
        `delete from storage.objects where bucket_id = $1 and name = any($2)
         returning id, name, bucket_id, version, metadata, created_at, updated_at, last_accessed_at`,
        [bucketId, names],
      );
      return rows as Array<{ version: string } & Record<string, unknown>>;
    });
    await Promise.all(removed.map((row) => rm(filePath(bucketId, row.version), { force: true })));
    sendJson(res, 200, removed.map(({ version: _version, ...row }) => row));
  }

  /** Lists one folder level under a prefix, as the caller is allowed to see it. */
  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    await findBucket(bucketId);
    const body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}') as {
      prefix?: string;
      limit?: number;
      offset?: number;
    };
    const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const folder = prefix === '' ? '' : `${prefix}/`;
    const limit = Math.min(Math.max(Number(body.limit) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset) || 0, 0);
    const entries = await asCaller(req, 'object.list', async (client) => {
      const { rows } = await client.query(
        `select split_part(substr(name, length($2) + 1), '/', 1) as name,
                case when position('/' in substr(name, length($2) + 1)) = 0 then id end as id,
                max(updated_at) as updated_at, min(created_at) as created_at,
                max(last_accessed_at) as last_accessed_at,
                case when position('/' in substr(name, length($2) + 1)) = 0 then metadata end as metadata
           from storage.objects
          where bucket_id = $1 and name like $2 || '%'
          group by 1, 2, 6
          order by 1 limit $3 offset $4`,
        [bucketId, folder, limit, offset],
      );
      return rows;
    });
    sendJson(res, 200, entries);
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, version: string, metadata: ObjectMetadata) {
    const path = filePath(bucketId, version);
    const info = await stat(path).catch(() => undefined);
    if (!info) throw new StorageHttpError(404, 'not_found', 'Object not found');
    const headers: Record<string, string> = {
      'content-type': metadata.mimetype,
      'content-length': String(info.size),
      'cache-control': metadata.cacheControl,
      etag: metadata.eTag,
      'last-modified': metadata.lastModified,
      'x-content-type-options': 'nosniff',
      'access-control-allow-origin': '*',
    };
    const query = new URL(req.url ?? '/', 'http://local').searchParams;
    if (query.has('download')) {
      const filename = query.get('download') || name.split('/').pop() || 'download';
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
    }
    if (req.headers['if-none-match'] === metadata.eTag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(path).pipe(res);
  }

  async function downloadPublic(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    const bucket = await findBucket(bucketId);
    if (!bucket.public) throw new StorageHttpError(404, 'not_found', 'Object not found');
    const { rows } = await pool.query<{ version: string; metadata: ObjectMetadata }>(
      'select version, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw new StorageHttpError(404, 'not_found', 'Object not found');
    await serveFile(req, res, bucketId, name, rows[0].version, rows[0].metadata);
  }

  async function downloadAuthenticated(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    await findBucket(bucketId);
    const row = await asCaller(req, 'object.get_authenticated', async (client) => {
      const { rows } = await client.query<{ version: string; metadata: ObjectMetadata }>(
        'select version, metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucketId, name],
      );
      return rows[0];
    });
    if (!row) throw new StorageHttpError(404, 'not_found', 'Object not found');
    await serveFile(req, res, bucketId, name, row.version, row.metadata);
  }

  /** Handles one request; `path` is the part after /storage/v1. */
  return async function handleStorageRequest(req: IncomingMessage, res: ServerResponse, path: string) {
    try {
      const [, area, ...rest] = path.split('?')[0]!.split('/').map((part) => decodeURIComponent(part));
      if (area !== 'object') throw new StorageHttpError(404, 'not_found', 'Route not found');
      const method = req.method ?? 'GET';
      const [first = '', ...tail] = rest;
      if ((method === 'GET' || method === 'HEAD') && (first === 'public' || first === 'authenticated')) {
        const [bucketId = '', ...nameParts] = tail;
        const name = checkObjectName(nameParts.join('/'));
        return first === 'public'
          ? await downloadPublic(req, res, bucketId, name)
          : await downloadAuthenticated(req, res, bucketId, name);
      }
      if (method === 'DELETE' && tail.length === 0) return await remove(req, res, first);
      if (method === 'POST' && first === 'list' && tail.length === 1) return await list(req, res, tail[0]!);
      const name = checkObjectName(tail.join('/'));
      if (method === 'POST') return await upload(req, res, first, name, 'create');
      if (method === 'PUT') return await upload(req, res, first, name, 'update');
      if (method === 'GET' || method === 'HEAD') return await downloadAuthenticated(req, res, first, name);
      throw new StorageHttpError(405, 'method_not_allowed', 'Method not allowed');
    } catch (error) {
      const known = error instanceof StorageHttpError ? error : translateDatabaseError(error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, known.status, { statusCode: String(known.status), error: known.error, message: known.message });
    }
  };
}

function translateDatabaseError(error: unknown): StorageHttpError {
  if (error instanceof StorageHttpError) return error;
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? 'Internal error';
  if (code === '42501') return new StorageHttpError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') return new StorageHttpError(409, 'Duplicate', 'The resource already exists');
  if (error instanceof SyntaxError) return new StorageHttpError(400, 'InvalidRequest', 'The request body is not valid JSON');
  console.error('storage:', message);
  return new StorageHttpError(500, 'internal', 'Internal server error');
}
