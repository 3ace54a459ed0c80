import type { IncomingHttpHeaders } from 'node:http';
import { jwtVerify, type JWTPayload } from 'jose';
import type pg from 'pg';
import { errors, fromDatabaseError } from './errors';
import { OPERATIONS, type StorageOperation } from './operations';

/**
 * Who is calling, and transactions that act as them. As in Supabase Storage
 * (src/http/plugins/jwt.ts, src/internal/database/postgres/scope.ts), the caller's JWT gives
 * the database role, and each transaction switches to that role with the claims and request
 * headers as settings, so the row-level-security policies decide exactly as when hosted.
 */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** What a caller is read from: the request's headers, method and URL (a FastifyRequest is one). */
export interface CallerRequest {
  headers: IncomingHttpHeaders;
  method: string;
  url: string;
}

export interface Caller {
  role: ApiRole;
  claims: JWTPayload;
  headers: IncomingHttpHeaders;
  method: string;
  path: string;
}

const API_ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);
const ADMIN_HEADERS = ['x-admin-username', 'x-admin-token'];
/** How long one statement of a caller's transaction may run. */
const STATEMENT_TIMEOUT = '10s';

export const hasAdminHeaders = (headers: IncomingHttpHeaders) =>
  ADMIN_HEADERS.some((name) => name in headers);

/**
 * The caller of a request: the JWT in `authorization: Bearer …` or, failing that, `apikey`
 * (supabase-js sends both). Only HS256 tokens signed with the project secret that name one of
 * the API roles are accepted, so a signed-URL token (which has no role) is never an API key.
 */
export async function authenticate(secret: Uint8Array, request: CallerRequest): Promise<Caller> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const apikey = request.headers.apikey;
  const token = bearer ?? (typeof apikey === 'string' ? apikey : undefined);
  if (!token) throw errors.invalidJwt();
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch {
    throw errors.invalidJwt();
  }
  if (typeof claims.role !== 'string' || !API_ROLES.has(claims.role)) throw errors.invalidJwt();
  return {
    role: claims.role as ApiRole,
    claims,
    headers: request.headers,
    method: request.method,
    path: request.url.split('?')[0] ?? '',
  };
}

/** An anonymous caller, for routes that need no JWT (public and signed downloads). */
export function anonymousCaller(request: CallerRequest): Caller {
  return {
    role: 'anon',
    claims: { role: 'anon' },
    headers: request.headers,
    method: request.method,
    path: request.url.split('?')[0] ?? '',
  };
}

/**
 * The writer of a signed upload: the token proved, when it was minted, that its holder may write
 * this object, so the write is made as the service role (hosted uses its superuser connection,
 * src/http/routes/tus/index.ts `dbSuperUser`), owned by whoever minted it.
 */
export function signedUploader(request: CallerRequest, owner: string | undefined): Caller {
  return {
    role: 'service_role',
    claims: owner === undefined ? { role: 'service_role' } : { role: 'service_role', sub: owner },
    headers: request.headers,
    method: request.method,
    path: request.url.split('?')[0] ?? '',
  };
}

export interface CallerTransactionOptions {
  /** The storage.operation setting that policies read (operations.ts). */
  operation: StorageOperation;
  /** Roll back instead of committing: a permission test, as Supabase's testPermission(). */
  dryRun?: boolean;
  /** Runs as the service's own role before the switch to the caller (e.g. to take a lock). */
  before?: (client: pg.PoolClient) => Promise<void>;
}

/** Thrown to roll a dry run back, and caught again below; never seen outside. */
const ROLLBACK = new Error('Rolled back: a dry run');

/**
 * Runs `work` in a transaction that acts as the caller. Like PostgREST's db-pre-request, it
 * first calls private.refuse_stale_admin_session(): a request with admin headers of a session
 * that is gone is refused with 401, instead of row-level security quietly hiding rows.
 */
export async function asCaller<T>(
  pool: pg.Pool,
  caller: Caller,
  options: CallerTransactionOptions,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw fromDatabaseError(error);
  }
  let result: T | undefined;
  let broken = false;
  try {
    await client.query('begin');
    await options.before?.(client);
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.jwt.claim.sub', $3, true),
              set_config('request.headers', $4, true), set_config('request.method', $5, true),
              set_config('request.path', $6, true), set_config('storage.operation', $7, true),
              set_config('statement_timeout', $8, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
        JSON.stringify(caller.headers),
        caller.method,
        caller.path,
        options.operation,
        STATEMENT_TIMEOUT,
      ],
    );
    // The function is granted to anon and authenticated (migration 20261122000700); the
    // service role has no admin session to go stale.
    if (caller.role !== 'service_role')
      await client.query('select private.refuse_stale_admin_session()');
    result = await work(client);
    if (options.dryRun) throw ROLLBACK;
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    if (error === ROLLBACK) return result as T;
    throw fromDatabaseError(error);
  } finally {
    // A connection whose rollback failed is closed rather than handed to the next request.
    client.release(broken);
  }
}

/**
 * For routes that read as the service (public and signed downloads): refuses admin headers of
 * a dead session as every other storage request does. Without admin headers nothing is asked.
 */
export async function refuseStaleAdminSession(pool: pg.Pool, caller: Caller): Promise<void> {
  if (!hasAdminHeaders(caller.headers)) return;
  await asCaller(pool, caller, { operation: OPERATIONS.getPublic, dryRun: true }, () =>
    Promise.resolve(undefined),
  );
}
