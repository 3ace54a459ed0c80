import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { errors } from './errors';

/**
 * Signed download URLs as hosted (src/storage/object.ts signObjectUrl/verifyObjectSignature):
 * a JWT signed with the project JWT secret holding `{url: 'bucket/name', scope: 'download',
 * iat, exp}`, sent as `?token=` to GET /object/sign/{bucket}/{name}.
 */
export const SIGNED_URL_SCOPE = 'download';
/**
 * The longest a signed download URL may live: 10 minutes (hosted allows a year). A signed URL
 * is checked without the database, so nothing the photographer does revokes it; only admins can
 * sign originals (docs/SECURITY.md, class 6), and the app signs for 60 s to open one in a tab.
 * A token minted for longer (by an older release) is refused when read.
 */
export const MAX_SIGNED_URL_SECONDS = 600;

/** A signed-URL token (download or upload): HS256 with the project secret, valid `expiresIn` seconds. */
function signToken(
  secret: Uint8Array,
  claims: Record<string, unknown>,
  expiresIn: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secret);
}

/** The claims of a signed-URL token that is ours and not expired; 400 otherwise, as hosted. */
async function tokenClaims(
  secret: Uint8Array,
  token: unknown,
  missing: () => Error,
): Promise<Record<string, unknown>> {
  if (typeof token !== 'string' || token === '') throw missing();
  try {
    return (await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] }))
      .payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.expiredSignature();
    throw errors.invalidSignature('Invalid token');
  }
}

export async function signObjectUrl(
  secret: Uint8Array,
  bucketId: string,
  name: string,
  expiresIn: number,
): Promise<string> {
  const url = `${bucketId}/${name}`;
  const token = await signToken(secret, { url, scope: SIGNED_URL_SCOPE }, expiresIn);
  // Not percent-encoded: storage-js passes the whole URL through encodeURI(), as for hosted.
  return `/object/sign/${url}?token=${token}`;
}

/** Checks a signed-URL token for this object; returns when it expires. 400 otherwise, as hosted. */
export async function verifyObjectToken(
  secret: Uint8Array,
  token: unknown,
  bucketId: string,
  name: string,
): Promise<Date> {
  const payload = await tokenClaims(secret, token, () => errors.invalidRequest('Missing token'));
  const lifetime = Number(payload.exp) - Number(payload.iat);
  if (!(lifetime <= MAX_SIGNED_URL_SECONDS))
    throw errors.invalidSignature('Token lives longer than this server signs');
  // Download tokens say so; older ones have no scope and no upsert claim (as hosted accepts).
  const scopeOk =
    payload.scope === SIGNED_URL_SCOPE || (payload.scope === undefined && !('upsert' in payload));
  if (!scopeOk || 'role' in payload)
    throw errors.invalidSignature('Token is not scoped for download');
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

export function signUploadToken(
  secret: Uint8Array,
  bucketId: string,
  name: string,
  grant: UploadGrant,
): Promise<string> {
  const claims = {
    owner: grant.owner,
    url: `${bucketId}/${name}`,
    upsert: grant.upsert,
    scope: SIGNED_UPLOAD_SCOPE,
  };
  return signToken(secret, claims, UPLOAD_TOKEN_SECONDS);
}

export interface UploadToken extends UploadGrant {
  /** The object it was minted for, `bucket/name`. */
  url: unknown;
}

/** An upload token's grant (signature, expiry, scope), before it is matched to an object; 400 otherwise, as hosted. */
export async function readUploadToken(secret: Uint8Array, token: unknown): Promise<UploadToken> {
  const payload = await tokenClaims(secret, token, () => errors.invalidSignature('Missing token'));
  if (payload.scope !== SIGNED_UPLOAD_SCOPE || 'role' in payload)
    throw errors.invalidSignature('Token is not scoped for upload');
  return {
    url: payload.url,
    owner: typeof payload.owner === 'string' ? payload.owner : undefined,
    upsert: payload.upsert === true,
  };
}

/** Refuses an upload token minted for another object; 400 with hosted's message. */
export function checkUploadTokenFits(token: UploadToken, bucketId: string, name: string): void {
  if (token.url !== `${bucketId}/${name}`)
    throw errors.invalidSignature('The url do not match the signature');
}

/** Checks an upload token for this object (signature, expiry, scope, object); 400 otherwise, as hosted. */
export async function verifyUploadToken(
  secret: Uint8Array,
  token: unknown,
  bucketId: string,
  name: string,
): Promise<UploadGrant> {
  const grant = await readUploadToken(secret, token);
  checkUploadTokenFits(grant, bucketId, name);
  return grant;
}
