import { isQuotaError } from '../storage-space';

/**
 * The one place that turns failures (PostgREST `{code, message, details, hint}`, storage
 * `{statusCode, error, message}`, a failed fetch, an error of this device) into a BackendError
 * whose kind says what to do about it (SPEC §8 wording where the server has it):
 *
 * - network: the request never got an answer. Only the request wrapper says so
 *   (NetworkFailure, src/lib/backend/client.ts), or a query builder's answer with status 0,
 *   which PostgREST's client gives only when fetch itself threw.
 * - server (5xx), rate-limited (429): the server may take it later.
 * - auth: the session ended (401, or PostgreSQL's 42501 from row-level security).
 * - conflict: the server's data disagrees (409, a duplicate, a linked row gone).
 * - refused: anything else; the request, or the work on this device, can never succeed as
 *   it is (a 4xx, a photo the browser cannot decode, a bug).
 *
 * docs/offline.md says what the outbox does with each.
 */
export type FailureKind = 'network' | 'server' | 'rate-limited' | 'auth' | 'conflict' | 'refused';

export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** The HTTP status, or 0 when there was no answer (network) or no request (this device). */
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }

  /** Network errors, 5xx and 429 are worth retrying; anything else needs the user. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'rate-limited';
  }

  /** The server answered and said no: its message is meant for the user. */
  get refusedByServer(): boolean {
    return this.status > 0 && !this.retryable;
  }
}

/** A request that got no answer (offline, DNS, a reset connection, the timeout); thrown by the request wrapper only. */
export class NetworkFailure extends Error {
  override name = 'NetworkFailure';
  constructor(options?: { cause?: unknown }) {
    super('Could not reach the server. Check the connection and try again.', options);
  }
}

/** The message every network failure shows. */
const NETWORK_MESSAGE = new NetworkFailure().message;

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  details?: unknown;
  status?: unknown;
  statusCode?: unknown;
  name?: unknown;
  originalError?: unknown;
}

const CONSTRAINT_MESSAGES: Array<[RegExp, string]> = [
  [/page_content_page_section_key/, 'This page already has a section with that name'],
  [/admin_credentials_username/, 'Username already exists or creation failed'],
  [/button_link_check/, 'Button links must start with http://, https://, mailto:, tel:, / or #'],
  [
    /(image_url|logo_url|cover_photo_url)_check/,
    'Image links must start with http://, https:// or /',
  ],
  [/passcode_check/, 'Passcode must be 1 to 8 characters'],
  [/access_token/, 'The link token is not valid'],
  [/(name|title)_check/, 'A name is required (at most 200 characters)'],
  [/icon_name_check/, 'Icon must be Heart, Star, Camera or Sparkles'],
  [/section_name_check/, 'Unknown section name'],
  [/(blur|opacity)_check/, 'Blur must be 0 to 20 and opacity 0 to 100'],
];

function messageForDatabaseCode(code: string, text: string): string | undefined {
  if (code === '42501') return 'Not authenticated';
  if (code === '23505' || code === '23514') {
    const known = CONSTRAINT_MESSAGES.find(([pattern]) => pattern.test(text));
    if (known) return known[1];
    return code === '23505' ? 'This item already exists' : 'Some values are not valid';
  }
  if (code === '23503') return 'A linked item no longer exists';
  if (code === '22P02') return 'Invalid request';
  return undefined;
}

function kindFor(status: number, code: string | undefined, message: string): FailureKind {
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status === 401 || code === '42501' || message === 'Not authenticated') return 'auth';
  if (status === 409 || code === '23505' || code === '23503') return 'conflict';
  return 'refused';
}

/** A network failure as the libraries pass it on: ours itself, or wrapped by storage-js (`originalError`). */
function isNetworkFailure(error: unknown, like: ErrorLike): boolean {
  return error instanceof NetworkFailure || like.originalError instanceof NetworkFailure;
}

/** Failures of this device itself, in words for the photographer. */
function localMessage(error: unknown, rawMessage: string): string {
  if (isQuotaError(error)) {
    return 'This device has no more room for the site. Free some space, then retry.';
  }
  return rawMessage;
}

/**
 * Turns anything a backend call or the work before it failed with into a BackendError.
 * `status` is the query builder's answer status where there is one (0 there means fetch threw).
 */
export function toBackendError(error: unknown, status?: number): BackendError {
  if (error instanceof BackendError) return error;
  const like = (
    typeof error === 'object' && error !== null ? error : { message: String(error) }
  ) as ErrorLike;
  const rawMessage =
    typeof like.message === 'string' && like.message !== '' ? like.message : 'Unexpected error';
  const code = typeof like.code === 'string' && like.code !== '' ? like.code : undefined;
  if (status === 0 || isNetworkFailure(error, like))
    return new BackendError(NETWORK_MESSAGE, 'network', 0, code);
  const bodyStatus =
    typeof like.statusCode === 'string' ? Number.parseInt(like.statusCode, 10) : undefined;
  // Hosted Storage answers nearly every refusal with HTTP 400 and the real code (403, 404, 409,
  // 413, 415) in the body's statusCode (docs/deploy.md 1.5): the body's code decides.
  const storageStatus =
    typeof like.status === 'number' &&
    like.status === 400 &&
    bodyStatus !== undefined &&
    bodyStatus >= 400 &&
    bodyStatus < 500
      ? bodyStatus
      : like.status;
  const httpStatus =
    status ?? (typeof storageStatus === 'number' ? storageStatus : undefined) ?? bodyStatus;
  // No answer status and no network failure: the work failed on this device (a photo that
  // cannot be decoded, a full disk, a bug). Retrying will not help; the user decides.
  if (httpStatus === undefined || Number.isNaN(httpStatus))
    return new BackendError(localMessage(error, rawMessage), 'refused', 0, code);
  const detailText = `${rawMessage} ${typeof like.details === 'string' ? like.details : ''}`;
  const message = (code && messageForDatabaseCode(code, detailText)) ?? rawMessage;
  return new BackendError(message, kindFor(httpStatus, code, message), httpStatus, code);
}

interface ApiResult<T> {
  data: T | null;
  error: unknown;
  status?: number;
}

/** The data of a supabase-js result, or the BackendError it failed with. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.error) throw toBackendError(result.error, result.status);
  return result.data as T;
}

/** PostgREST's code for "the single row you asked for does not exist" (SPEC §8). */
export const NO_ROWS = 'PGRST116';
