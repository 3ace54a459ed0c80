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
import { listKinds } from './list-kinds';

declare module './define' {
  interface RowTypes {
    services: ServicePackageRow;
  }
}

/** Changes of the service packages: service.create, service.update, service.delete. */
export const serviceKinds = listKinds<
  'service',
  'services',
  ServicePackageInsert,
  ServicePackageUpdate
>({
  kind: 'service',
  rows: 'services',
  affects: 'services',
  noun: 'service',
  nameOf: (service) => service.name,
  defaults: {
    whimsical_name: null,
    description: null,
    price_range: null,
    features: [],
    icon_name: 'Heart',
    sort_order: 0,
    is_active: true,
  },
  create: createServicePackage,
  update: updateServicePackage,
  remove: deleteServicePackage,
});
