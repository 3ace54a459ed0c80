import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { LinkFavourite } from './database.types';
import { deviceId } from '../device-id';
import { unwrap } from './errors';
import type { PublicBackend } from './public-client';

/** A client's hearts to send: photo ids to add to and remove from their list (states, not toggles). */
export interface FavouriteChanges {
  add: string[];
  remove: string[];
}

/**
 * rpc sync_favourites_by_token: applies the changes to the list of `clientName` on the link
 * (with its passcode when it has one) and answers that list, in the album's order. Refused
 * (404, 403, 400, 429) when the link is unusable, the passcode wrong, favourites are off, or
 * too much at once; a replay changes nothing (docs/SECURITY.md, class 7).
 */
export async function syncFavourites(
  backend: PublicBackend,
  accessToken: string,
  passcode: string | null,
  clientName: string,
  changes: FavouriteChanges = { add: [], remove: [] },
): Promise<string[]> {
  const db = await backend.publicClient();
  const { favourites } = unwrap(
    await db.rpc('sync_favourites_by_token', {
      p_access_token: accessToken,
      p_client_name: clientName,
      p_add: changes.add,
      p_remove: changes.remove,
      p_passcode: passcode,
      p_device: deviceId(),
    }),
  );
  return favourites;
}

/** rpc admin_list_link_favourites: every pick on a link with its client's name, in the album's order. */
export async function listLinkFavourites(
  backend: Backend,
  linkId: string,
): Promise<LinkFavourite[]> {
  return unwrap(
    await backend.adminClient.rpc('admin_list_link_favourites', {
      p_link_id: linkId,
      ...authPair(backend),
    }),
  );
}
