import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { ClientLinkEvent, LinkActivity } from './database.types';
import { deviceId } from '../device-id';
import { unwrap } from './errors';
import type { PublicBackend } from './public-client';

/**
 * rpc record_link_event: tells the photographer that this client's page opened the link (and
 * showed photos) or downloaded. Fire and forget: never awaited by the page, never retried, and
 * not sent without a network (an event from offline is dropped: it is a count, not the
 * client's work). docs/SECURITY.md, "Link activity".
 */
export function recordLinkEvent(
  backend: PublicBackend,
  accessToken: string,
  kind: ClientLinkEvent,
  passcode: string | null,
): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  void backend
    .publicClient()
    .then((client) =>
      client.rpc('record_link_event', {
        p_access_token: accessToken,
        p_kind: kind,
        p_passcode: passcode,
        p_device: deviceId(),
      }),
    )
    .then(
      ({ error }) => {
        if (error) console.warn('Link activity not recorded', error.message);
      },
      () => undefined,
    );
}

/** rpc admin_recent_link_activity: the latest events of every client link, newest first. */
export async function listRecentLinkActivity(
  backend: Backend,
  limit = 10,
): Promise<LinkActivity[]> {
  return unwrap(
    await backend.adminClient.rpc('admin_recent_link_activity', {
      p_limit: limit,
      ...authPair(backend),
    }),
  );
}
