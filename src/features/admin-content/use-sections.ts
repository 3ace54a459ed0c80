import { useMemo } from 'react';
import { listPageContent } from '@/lib/backend/page-content';
import type { Shown } from '@/offline/outbox/overlay';
import { useShownList } from '@/offline/outbox/use-shown-list';
import { contentKeys } from './content-keys';

/** A row as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownSection = Shown<'sections'>;

/** The home page's sections, with changes still waiting in the outbox applied. */
export function useSections() {
  const { rows, isPending } = useShownList('sections', {
    queryKey: contentKeys.list(),
    read: listPageContent,
    failure: 'Failed to load page content',
    entity: 'content',
  });
  // Only 'home' exists today (SPEC §3); the filter keeps the Home Page tab honest if that changes.
  const sections = useMemo(() => rows.filter((section) => section.page_name === 'home'), [rows]);
  return { sections, isPending };
}
