import type {
  ServicePackageRow,
  ServicePackageInsert,
  ServicePackageUpdate,
} from '@/lib/backend/database.types';
import {
  createServicePackage,
  deleteServicePackage,
  updateServicePackage,
} from '@/lib/backend/service-packages';
import { define, listRow, quoted, type NamedChanges, type WithId } from './define';

declare module './define' {
  interface RowTypes {
    services: ServicePackageRow;
  }
}

/** Changes of the service packages. */
export const serviceKinds = {
  'service.create': define({
    version: 1,
    build: (service: ServicePackageInsert & WithId) => ({
      entity: `service:${service.id}`,
      payload: service,
      label: `Add service ${quoted(service.name)}`,
    }),
    send: (service, { backend }) => createServicePackage(backend, service),
    touches: ({ id }) => [`service:${id}`],
    affects: ['services'],
    // The table's defaults for what the form left out.
    apply: {
      services: listRow.created<ServicePackageRow>({
        whimsical_name: null,
        description: null,
        price_range: null,
        features: [],
        icon_name: 'Heart',
        sort_order: 0,
        is_active: true,
      }),
    },
  }),
  'service.update': define({
    version: 1,
    build: (service: NamedChanges<ServicePackageUpdate>) => ({
      entity: `service:${service.id}`,
      payload: { id: service.id, changes: service.changes },
      label: `Update service ${quoted(service.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updateServicePackage(backend, id, changes),
    touches: ({ id }) => [`service:${id}`],
    affects: ['services'],
    apply: { services: listRow.updated },
  }),
  'service.delete': define({
    version: 1,
    build: (service: { id: string; name: string }) => ({
      entity: `service:${service.id}`,
      payload: { id: service.id } satisfies WithId,
      label: `Delete service ${quoted(service.name)}`,
    }),
    send: ({ id }, { backend }) => deleteServicePackage(backend, id),
    touches: ({ id }) => [`service:${id}`],
    affects: ['services'],
    apply: { services: listRow.deleted },
  }),
};
