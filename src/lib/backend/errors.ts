/**
 * The one place that turns backend failures (PostgREST `{code, message, details, hint}`,
 * storage `{statusCode, error, message}`, a failed fetch) into a BackendError that says
 * whether to retry and carries a message fit to show (SPEC §8 wording where the server has it).
 */
export type FailureKind = 'network' | 'server' | 'rate-limited' | 'not-authenticated' | 'rejected';

export class BackendError extends Error {
  override name = 'BackendError';
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }

  /** Network errors, 5xx and 429 are worth retrying; anything else needs the user. */
  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'rate-limited';
  }
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  details?: unknown;
  status?: unknown;
  statusCode?: unknown;
  name?: unknown;
}

const CONSTRAINT_MESSAGES: Array<[RegExp, string]> = [
  [/page_content_page_section_key/, 'This page already has a section with that name'],
  [/admin_credentials_username/, 'Username already exists or creation failed'],
  [/button_link_check/, 'Button links must start with http://, https://, mailto:, tel:, / or #'],
  [/(image_url|logo_url|cover_photo_url)_check/, 'Image links must start with http://, https:// or /'],
  [/passcode_check/, 'Passcode must be 1 to 8 characters'],
  [/access_token/, 'The link token is not valid'],
  [/(name|title)_check/, 'A name is required (at most 200 characters)'],
  [/icon_name_check/, 'Icon must be Heart, Star, Camera or Sparkles'],
  [/section_name_check/, 'Unknown section name'],
  [/(blur|opacity)_check/, 'Blur must be 0 to 20 and opacity 0 to 100'],
];

const NETWORK_MESSAGE = /failed to fetch|fetch failed|networkerror|load failed|network request failed/i;

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

function kindFor(status: number, message: string): FailureKind {
  if (status === 0) return 'network';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status === 401 || message === 'Not authenticated') return 'not-authenticated';
  return 'rejected';
}

/** Turns anything a backend call failed with into a BackendError. */
export function toBackendError(error: unknown, status?: number): BackendError {
  if (error instanceof BackendError) return error;
  const like = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ErrorLike;
  const rawMessage = typeof like.message === 'string' ? like.message : 'Unexpected error';
  const code = typeof like.code === 'string' ? like.code : undefined;
  const httpStatus =
    status ??
    (typeof like.status === 'number' ? like.status : undefined) ??
    (typeof like.statusCode === 'string' ? Number.parseInt(like.statusCode, 10) : undefined) ??
    0;

  if (httpStatus === 0 || (error instanceof TypeError && NETWORK_MESSAGE.test(rawMessage)) || NETWORK_MESSAGE.test(rawMessage)) {
    return new BackendError('Could not reach the server. Check the connection and try again.', 'network', 0, code);
  }
  const detailText = `${rawMessage} ${typeof like.details === 'string' ? like.details : ''}`;
  const message = (code && messageForDatabaseCode(code, detailText)) ?? rawMessage;
  return new BackendError(message, kindFor(httpStatus, message), httpStatus, code);
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
