import type { Backend } from './client';
import type { PublicBackend } from './public-client';
import type { PhotographerProfileRow, PhotographerProfileWrite } from './database.types';
import { NO_ROWS, toBackendError } from './errors';

/** read photographer_profile (the single row); null when there is none yet (PGRST116 tolerated). */
export async function readProfile(backend: PublicBackend): Promise<PhotographerProfileRow | null> {
  const db = await backend.publicClient();
  const { data, error, status } = await db
    .from('photographer_profile')
    .select('*')
    .limit(1)
    .single()
    .retry(false);
  if (error) {
    if (error.code === NO_ROWS) return null;
    throw toBackendError(error, status);
  }
  return data;
}

/** Updates the profile row, or inserts it when the site has none yet. */
export async function saveProfile(
  backend: Backend,
  fields: PhotographerProfileWrite,
): Promise<void> {
  const {
    data: existing,
    error: readError,
    status: readStatus,
  } = await backend.adminClient.from('photographer_profile').select('id').limit(1).maybeSingle();
  if (readError) throw toBackendError(readError, readStatus);
  const { id: _id, ...changes } = fields;
  const { error, status } = existing
    ? await backend.adminClient.from('photographer_profile').update(changes).eq('id', existing.id)
    : await backend.adminClient.from('photographer_profile').insert(changes);
  if (error) throw toBackendError(error, status);
}
