import type { Backend } from './client';
import type {
  ServicePackageInsert,
  ServicePackageRow,
  ServicePackageUpdate,
} from './database.types';
import { unwrap } from './errors';

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

/** insert into service_packages; a replay of the same id is ignored. */
export async function createServicePackage(
  backend: Backend,
  service: ServicePackageInsert & { id: string },
): Promise<void> {
  unwrap(
    await backend.adminClient
      .from('service_packages')
      .upsert(service, { onConflict: 'id', ignoreDuplicates: true }),
  );
}

/** update service_packages by id. */
export async function updateServicePackage(
  backend: Backend,
  id: string,
  changes: ServicePackageUpdate,
): Promise<void> {
  unwrap(await backend.adminClient.from('service_packages').update(changes).eq('id', id));
}

/** delete from service_packages by id. */
export async function deleteServicePackage(backend: Backend, id: string): Promise<void> {
  unwrap(await backend.adminClient.from('service_packages').delete().eq('id', id));
}
