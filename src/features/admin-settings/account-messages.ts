import { toBackendError } from '@/lib/backend/errors';

/**
 * The toast for a failed account action: the server's own words when it refused the request
 * (e.g. 'Current password is incorrect', 'Cannot delete this user'), else the screen's message.
 */
export function accountFailureMessage(error: unknown, fallback: string): string {
  const failure = toBackendError(error);
  return (failure.refusedByServer || failure.kind === 'rate-limited') && failure.message
    ? failure.message
    : fallback;
}
