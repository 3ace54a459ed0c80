import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from './errors';

/**
 * Signed download URLs as hosted (src/storage/object.ts signObjectUrl/verifyObjectSignature):
 * a JWT signed with the project JWT secret holding `{url: 'bucket/name', scope: 'download',
 * iat, exp}`, sent as `?token=` to GET /object/sign/{bucket}/{name}.
 */
export const SIGNED_URL_SCOPE = 'download';
/** The longest a signed URL may live: one year. */
export const MAX_EXPIRES_IN = 365 * 24 * 3600;

export async function signObjectUrl(secret: Uint8Array, bucketId: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const url = `${bucketId}/${name}`;
  const token = await new SignJWT({ url, scope: SIGNED_URL_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secret);
  // Not percent-encoded: storage-js passes the whole URL through encodeURI(), as for hosted.
  return `/object/sign/${url}?token=${token}`;
}

/** Checks a signed-URL token for this object; returns when it expires. 400 otherwise, as hosted. */
export async function verifyObjectToken(secret: Uint8Array, token: unknown, bucketId: string, name: string): Promise<Date> {
  if (typeof token !== 'string' || token === '') throw errors.invalidRequest('Missing token');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.expiredSignature();
    throw errors.invalidSignature('Invalid token');
  }
  // Download tokens say so; older ones have no scope and no upsert claim (as hosted accepts).
  const scopeOk = payload.scope === SIGNED_URL_SCOPE || (payload.scope === undefined && !('upsert' in payload));
  if (!scopeOk || 'role' in payload) throw errors.invalidSignature('Token is not scoped for download');
  if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature();
  return new Date(Number(payload.exp) * 1000);
}

/**
 * Signed upload tokens, as hosted (signUploadObjectUrl/verifyObjectSignature in
 * src/storage/object.ts): `{owner, url: 'bucket/name', upsert, scope: 'upload'}`, minted by
 * POST /object/upload/sign/{bucket}/{name} for a caller whom row-level security lets write
 * that object, and taken by PUT /object/upload/sign/{…}?token= and by the tus route
 * /upload/resumable/sign (header x-signature). The token carries no role, so it is never an
 * API key, and its `upsert` claim keeps it from ever passing as a download token.
 */
export const SIGNED_UPLOAD_SCOPE = 'upload';
/** How long an upload token lives: hosted's default (UPLOAD_SIGNED_URL_EXPIRATION_TIME, 2 h). */
export const UPLOAD_TOKEN_SECONDS = 2 * 3600;

export interface UploadGrant {
  owner: string | undefined;
  upsert: boolean;
}

export async function signUploadToken(secret: Uint8Array, bucketId: string, name: string, grant: UploadGrant): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ owner: grant.owner, url: `${bucketId}/${name}`, upsert: grant.upsert, scope: SIGNED_UPLOAD_SCOPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + UPLOAD_TOKEN_SECONDS)
    .sign(secret);
}

/** Checks an upload token for this object (signature, expiry, scope, object); 400 otherwise, as hosted. */
export async function verifyUploadToken(secret: Uint8Array, token: unknown, bucketId: string, name: string): Promise<UploadGrant> {
  if (typeof token !== 'string' || token === '') throw errors.invalidSignature('Missing token');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.expiredSignature();
    throw errors.invalidSignature('Invalid token');
  }
  if (payload.scope !== SIGNED_UPLOAD_SCOPE || 'role' in payload) throw errors.invalidSignature('Token is not scoped for upload');
  if (payload.url !== `${bucketId}/${name}`) throw errors.invalidSignature('The url do not match the signature');
  return { owner: typeof payload.owner === 'string' ? payload.owner : undefined, upsert: payload.upsert === true };
}
