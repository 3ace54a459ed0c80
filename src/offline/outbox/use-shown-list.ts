import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AdminQueryKey } from '@/lib/admin-data';
import type { Backend } from '@/lib/backend/client';
import { useBackend } from '@/lib/backend/backend-context';
import { useErrorToast } from '@/ui/use-error-toast';
import { usePendingFor } from './outbox-provider';
import { overlayList, type ListCollection, type RowTypes, type Shown } from './overlay';

interface ListRead<C extends ListCollection> {
  queryKey: AdminQueryKey;
  read: (backend: Backend) => Promise<Array<RowTypes[C]>>;
  /** The toast when the read fails ('Failed to load services'). */
  failure: string;
  /** The entity type its changes touch ('service'): what it waits on. */
  entity: string;
}

/**
 * The rows of a list the photographer edits row by row (services, testimonials, page
 * sections), from the server with the changes still waiting in the outbox applied, by sort
 * order. Loading only while there is nothing to show: rows queued offline show at once.
 */
export function useShownList<C extends ListCollection>(
  collection: C,
  { queryKey, read, failure, entity }: ListRead<C>,
): { rows: Array<Shown<C>>; isPending: boolean } {
  const backend = useBackend();
  const query = useQuery({ queryKey, queryFn: () => read(backend) });
  useErrorToast(query.error, failure);
  const pending = usePendingFor(entity);
  const rows = useMemo(
    () => overlayList(collection, query.data ?? [], pending),
    [collection, query.data, pending],
  );
  return { rows, isPending: query.isPending && rows.length === 0 };
}
