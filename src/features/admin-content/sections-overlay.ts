import type { PageContentRow } from '@/lib/backend/database.types';
import { pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { visitChange, type OutboxItem } from '@/offline/outbox/registry';

/** A section as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownSection = PageContentRow & PendingMark;

/**
 * The sections as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones added, edits and eye toggles merged, deletions gone), by sort order.
 */
export function overlaySections(server: PageContentRow[], items: OutboxItem[]): ShownSection[] {
  const sections = new Map<string, ShownSection>(
    server.map((section) => [section.id, { ...section }]),
  );
  for (const item of items) {
    const mark = pendingMark(item);
    visitChange(item, {
      'content.create': (section) => {
        if (sections.has(section.id)) return;
        const at = new Date(item.createdAt).toISOString();
        sections.set(section.id, {
          page_name: 'home',
          title: null,
          subtitle: null,
          content: null,
          button_text: null,
          button_link: null,
          image_url: null,
          blur: null,
          opacity: null,
          sort_order: 0,
          is_active: true,
          ...section,
          created_at: at,
          updated_at: at,
          ...mark,
        });
      },
      'content.update': ({ id, changes }) => {
        const section = sections.get(id);
        if (section) sections.set(id, { ...section, ...changes, ...mark });
      },
      'content.delete': ({ id }) => sections.delete(id),
    });
  }
  return [...sections.values()].sort(
    (a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at),
  );
}
