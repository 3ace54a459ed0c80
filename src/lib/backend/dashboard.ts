import { authPair } from './admin-auth';
import type { Backend } from './client';
import type { DashboardStats } from './database.types';
import { unwrap } from './errors';

/** rpc admin_get_dashboard_stats: counts of albums, photos and client links. */
export async function getDashboardStats(backend: Backend): Promise<DashboardStats> {
  return unwrap(await backend.adminClient.rpc('admin_get_dashboard_stats', authPair(backend)));
}
