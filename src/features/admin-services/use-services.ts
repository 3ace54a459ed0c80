import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { listServicePackages } from '@/lib/backend/service-packages';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { overlayList, type Shown } from '@/offline/outbox/overlay';
import { useErrorToast } from '@/ui/use-error-toast';
import { serviceKeys } from './service-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownService = Shown<'services'>;

/** Every service package, with changes still waiting in the outbox applied. */
export function useServices() {
  const backend = useBackend();
  const query = useQuery({
    queryKey: serviceKeys.list(),
    queryFn: () => listServicePackages(backend),
  });
  useErrorToast(query.error, 'Failed to load services');
  const pending = usePendingFor('service');
  const services = useMemo(
    () => overlayList('services', query.data ?? [], pending),
    [query.data, pending],
  );
  return { services, isPending: query.isPending && services.length === 0 };
}
