import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { listPageContent } from '@/lib/backend/page-content';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { overlayList, type Shown } from '@/offline/outbox/overlay';
import { useErrorToast } from '@/ui/use-error-toast';
import { contentKeys } from './content-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownSection = Shown<'sections'>;

/** The home page's sections, with changes still waiting in the outbox applied. */
export function useSections() {
  const backend = useBackend();
  const query = useQuery({ queryKey: contentKeys.list(), queryFn: () => listPageContent(backend) });
  useErrorToast(query.error, 'Failed to load page content');
  const pending = usePendingFor('content');
  // Only 'home' exists today (SPEC §3); the filter keeps the Home Page tab honest if that changes.
  const sections = useMemo(
    () =>
      overlayList('sections', query.data ?? [], pending).filter(
        (section) => section.page_name === 'home',
      ),
    [query.data, pending],
  );
  return { sections, isPending: query.isPending && sections.length === 0 };
}
