import { describe, expect, it } from 'vitest';
import { StorageUnknownError } from '@supabase/storage-js';
import { withTimeout } from '@/lib/backend/client';
import { BackendError, NetworkFailure, toBackendError, unwrap } from '@/lib/backend/errors';

describe('toBackendError', () => {
  it('treats a failed fetch (status 0) as a retryable network error', () => {
    const error = toBackendError({ message: 'TypeError: Failed to fetch', code: '' }, 0);
    expect(error).toMatchObject({ kind: 'network', retryable: true, status: 0 });
  });

  it('retries 5xx and 429, but not other 4xx', () => {
    expect(toBackendError({ message: 'boom' }, 503)).toMatchObject({
      kind: 'server',
      retryable: true,
    });
    expect(toBackendError({ message: 'Too many attempts', code: 'PT429' }, 429)).toMatchObject({
      kind: 'rate-limited',
      retryable: true,
    });
    expect(toBackendError({ message: 'Album not found', code: 'PT404' }, 404)).toMatchObject({
      kind: 'refused',
      retryable: false,
      message: 'Album not found',
    });
  });

  it("keeps the server's message and marks 'Not authenticated'", () => {
    expect(toBackendError({ message: 'Not authenticated', code: 'PT401' }, 401)).toMatchObject({
      kind: 'auth',
      message: 'Not authenticated',
      retryable: false,
    });
    expect(
      toBackendError({ message: 'Current password is incorrect', code: 'PT403' }, 403).message,
    ).toBe('Current password is incorrect');
  });

  it('turns row-level-security refusals and constraint names into plain words', () => {
    expect(
      toBackendError(
        { code: '42501', message: 'new row violates row-level security policy for table "x"' },
        401,
      ),
    ).toMatchObject({
      message: 'Not authenticated',
      kind: 'auth',
    });
    expect(
      toBackendError(
        {
          code: '23505',
          message: 'duplicate key value violates unique constraint "page_content_page_section_key"',
        },
        409,
      ).message,
    ).toBe('This page already has a section with that name');
    expect(
      toBackendError(
        { code: '23514', message: 'violates check constraint "page_content_button_link_check"' },
        400,
      ).message,
    ).toBe('Button links must start with http://, https://, mailto:, tel:, / or #');
  });

  it('reads the status of storage errors', () => {
    expect(
      toBackendError({
        message: 'mime type image/svg+xml is not supported',
        statusCode: '415',
        status: 415,
      }),
    ).toMatchObject({
      status: 415,
      kind: 'refused',
    });
  });

  it("reads hosted Storage's real code from the body of its HTTP 400 answers", () => {
    // Hosted sends HTTP 400 for every refusal (docs/deploy.md 1.5); storage-js keeps both.
    expect(
      toBackendError({
        message: 'The object exceeded the maximum allowed size',
        statusCode: '413',
        status: 400,
      }),
    ).toMatchObject({
      status: 413,
      kind: 'refused',
    });
    expect(
      toBackendError({ message: 'The resource already exists', statusCode: '409', status: 400 }),
    ).toMatchObject({
      status: 409,
      kind: 'conflict',
    });
    // A plain 400 stays a 400, and a server failure's body cannot turn it into a retry.
    expect(
      toBackendError({ message: 'Invalid key: a', statusCode: '400', status: 400 }),
    ).toMatchObject({ status: 400, kind: 'refused' });
    expect(toBackendError({ message: 'x', statusCode: '500', status: 400 })).toMatchObject({
      status: 400,
      kind: 'refused',
    });
  });

  it('unwrap returns data or throws the mapped error', () => {
    expect(unwrap({ data: 42, error: null, status: 200 })).toBe(42);
    expect(() =>
      unwrap({ data: null, error: { message: 'x', code: 'PT404' }, status: 404 }),
    ).toThrow(BackendError);
  });

  it('the conflict kind: a duplicate (23505, 409) or a linked row gone (23503)', () => {
    expect(
      toBackendError(
        { code: '23505', message: 'duplicate key value violates unique constraint "x_key"' },
        409,
      ),
    ).toMatchObject({
      kind: 'conflict',
      retryable: false,
      status: 409,
      message: 'This item already exists',
    });
    expect(
      toBackendError(
        { code: '23503', message: 'insert or update violates foreign key constraint' },
        409,
      ),
    ).toMatchObject({
      kind: 'conflict',
      message: 'A linked item no longer exists',
    });
  });
});

/**
 * Only a request that got no answer is "network"; everything that fails on this device is a
 * refusal of that change alone (docs/offline.md). These are the failures that used to come
 * back as network errors and hold up the whole queue.
 */
describe('failures of this device are refusals, not network errors', () => {
  it('a photo the browser cannot decode', () => {
    expect(toBackendError(new Error('The photo could not be read'))).toMatchObject({
      kind: 'refused',
      status: 0,
      retryable: false,
      message: 'The photo could not be read',
    });
  });

  it('a TypeError (a bug, or a browser API that refuses)', () => {
    expect(
      toBackendError(new TypeError("Cannot read properties of undefined (reading 'width')")),
    ).toMatchObject({
      kind: 'refused',
      retryable: false,
    });
  });

  it('a full disk, as IndexedDB throws it and as Dexie wraps it', () => {
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const wrapped = Object.assign(new Error('QuotaExceededError'), {
      name: 'QuotaExceededError',
      inner: full,
    });
    for (const error of [full, wrapped]) {
      expect(toBackendError(error)).toMatchObject({
        kind: 'refused',
        retryable: false,
        message: 'This device has no more room for the site. Free some space, then retry.',
      });
    }
  });

  it('a string or anything else thrown', () => {
    expect(toBackendError('odd')).toMatchObject({ kind: 'refused', message: 'odd' });
  });
});

describe('network failures are tagged where they happen', () => {
  it('the request wrapper turns a fetch that throws into a NetworkFailure, and it stays network through storage-js', async () => {
    const offline = withTimeout(() => Promise.reject(new TypeError('Failed to fetch')));
    const thrown = await offline('http://backend.test/x').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(NetworkFailure);
    expect(toBackendError(thrown)).toMatchObject({ kind: 'network', status: 0, retryable: true });
    // storage-js wraps what fetch threw (StorageUnknownError.originalError).
    expect(toBackendError(new StorageUnknownError('Failed to fetch', thrown))).toMatchObject({
      kind: 'network',
    });
    // A StorageUnknownError around anything else is not the network's.
    expect(toBackendError(new StorageUnknownError('bad', new Error('bad')))).toMatchObject({
      kind: 'refused',
    });
  });

  it("the caller's own abort is not a network failure", async () => {
    const controller = new AbortController();
    const never = withTimeout(
      (_input, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new Error('aborted', { cause: init.signal?.reason })),
          ),
        ),
    );
    const request = never('http://backend.test/x', { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort(new DOMException('Left the page', 'AbortError'));
    expect(await request).not.toBeInstanceOf(NetworkFailure);
  });

  it("a query builder's answer with status 0 (PostgREST's client: fetch threw) is network", () => {
    expect(
      toBackendError({ message: 'NetworkFailure: Could not reach the server.', code: '' }, 0),
    ).toMatchObject({ kind: 'network' });
  });
});
