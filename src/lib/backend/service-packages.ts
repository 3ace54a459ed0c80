import type { Backend } from './client';
import type { ServicePackageRow } from './database.types';
import { unwrap } from './errors';
import { rowsById } from './rows-by-id';

/** read service_packages (active or not) by sort_order. */
export async function listServicePackages(backend: Backend): Promise<ServicePackageRow[]> {
  return unwrap(
    await backend.adminClient
      .from('service_packages')
      .select('*')
      .order('sort_order')
      .order('created_at'),
  );
}

/** The writes of service_packages by id, each safe to replay (rows-by-id.ts). */
export const {
  create: createServicePackage,
  update: updateServicePackage,
  remove: deleteServicePackage,
} = rowsById('service_packages');
