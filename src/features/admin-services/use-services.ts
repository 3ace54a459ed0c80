import { listServicePackages } from '@/lib/backend/service-packages';
import type { Shown } from '@/offline/outbox/overlay';
import { useShownList } from '@/offline/outbox/use-shown-list';
import { serviceKeys } from './service-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownService = Shown<'services'>;

/** Every service package, with changes still waiting in the outbox applied. */
export function useServices() {
  const { rows, isPending } = useShownList('services', {
    queryKey: serviceKeys.list(),
    read: listServicePackages,
    failure: 'Failed to load services',
    entity: 'service',
  });
  return { services: rows, isPending };
}
