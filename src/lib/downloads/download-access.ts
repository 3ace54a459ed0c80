import { getDownloadGrant } from '@/lib/backend/client-links';
import type { Backend } from '@/lib/backend/client';
import type { PublicBackend } from '@/lib/backend/public-client';
import type { OriginalAccess } from './photo-download';

/** The link no longer lets this client download (turned off, deactivated, expired, new passcode). */
export class DownloadsUnavailableError extends Error {
  override name = 'DownloadsUnavailableError';
  constructor() {
    super('Downloads are not available for this gallery');
  }
}

/** A grant is asked for again when it has less than this left (a long zip outlives one). */
const RENEW_BEFORE_MS = 10 * 60_000;

/** When a grant '{link}.{expiry in seconds}.{mac}' expires, in ms. */
const expiryOf = (grant: string) => Number(grant.split('.')[1]) * 1000;

/**
 * Access to a client link's originals: a download grant from the server (asked for on the
 * first download, shared by concurrent fetches, renewed before it runs out), sent as the
 * header x-download-grant. The server checks the link again on every read.
 */
export function clientDownloadAccess(
  backend: PublicBackend,
  accessToken: string,
  passcode: string | null,
): OriginalAccess {
  let grant: string | null = null;
  let asking: Promise<string> | null = null;
  return async () => {
    if (grant === null || expiryOf(grant) - Date.now() < RENEW_BEFORE_MS) {
      asking ??= getDownloadGrant(backend, accessToken, passcode)
        .then((answer) => {
          if (answer === null) throw new DownloadsUnavailableError();
          grant = answer;
          return answer;
        })
        .finally(() => {
          asking = null;
        });
      await asking;
    }
    return { 'x-download-grant': grant! };
  };
}

/** Access to originals for the signed-in admin: their session headers, which row-level security reads (as every admin request). */
export function adminDownloadAccess(backend: Backend): OriginalAccess {
  return () => {
    const credentials = backend.credentials();
    if (!credentials) return Promise.reject(new Error('Not signed in'));
    return Promise.resolve({
      'x-admin-username': credentials.username,
      'x-admin-token': credentials.token,
    });
  };
}
