import { describe, expect, it } from 'vitest';
import { BackendError, toBackendError, unwrap } from '@/lib/backend/errors';

describe('toBackendError', () => {
  it('treats a failed fetch (status 0) as a retryable network error', () => {
    const error = toBackendError({ message: 'TypeError: Failed to fetch', code: '' }, 0);
    expect(error).toMatchObject({ kind: 'network', retryable: true, status: 0 });
  });

  it('retries 5xx and 429, but not other 4xx', () => {
    expect(toBackendError({ message: 'boom' }, 503)).toMatchObject({ kind: 'server', retryable: true });
    expect(toBackendError({ message: 'Too many attempts', code: 'PT429' }, 429)).toMatchObject({
      kind: 'rate-limited',
      retryable: true,
    });
    expect(toBackendError({ message: 'Album not found', code: 'PT404' }, 404)).toMatchObject({
      kind: 'rejected',
      retryable: false,
      message: 'Album not found',
    });
  });

  it("keeps the server's message and marks 'Not authenticated'", () => {
    expect(toBackendError({ message: 'Not authenticated', code: 'PT401' }, 401)).toMatchObject({
      kind: 'not-authenticated',
      message: 'Not authenticated',
      retryable: false,
    });
    expect(toBackendError({ message: 'Current password is incorrect', code: 'PT403' }, 403).message).toBe('Current password is incorrect');
  });

  it('turns row-level-security refusals and constraint names into plain words', () => {
    expect(toBackendError({ code: '42501', message: 'new row violates row-level security policy for table "x"' }, 401)).toMatchObject({
      message: 'Not authenticated',
      kind: 'not-authenticated',
    });
    expect(
      toBackendError({ code: '23505', message: 'duplicate key value violates unique constraint "page_content_page_section_key"' }, 409)
        .message,
    ).toBe('This page already has a section with that name');
    expect(toBackendError({ code: '23514', message: 'violates check constraint "page_content_button_link_check"' }, 400).message).toBe(
      'Button links must start with http://, https://, mailto:, tel:, / or #',
    );
  });

  it('reads the status of storage errors', () => {
    expect(toBackendError({ message: 'mime type image/svg+xml is not supported', statusCode: '415', status: 415 })).toMatchObject({
      status: 415,
      kind: 'rejected',
    });
  });

  it('unwrap returns data or throws the mapped error', () => {
    expect(unwrap({ data: 42, error: null, status: 200 })).toBe(42);
    expect(() => unwrap({ data: null, error: { message: 'x', code: 'PT404' }, status: 404 })).toThrow(BackendError);
  });
});
