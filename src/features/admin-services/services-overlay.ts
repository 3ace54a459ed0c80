import type { ServicePackageRow } from '@/lib/backend/database.types';
import { pendingMark, type PendingMark } from '@/offline/outbox/pending';
import { visitChange, type OutboxItem } from '@/offline/outbox/registry';

/** A package as the admin sees it: from the server, or with a change still waiting in the outbox. */
export type ShownService = ServicePackageRow & PendingMark;

/**
 * The packages as the admin should see them: the server's list with the outbox's waiting
 * changes applied (new ones added, edits and eye toggles merged, deletions gone), by sort order.
 */
export function overlayServices(server: ServicePackageRow[], items: OutboxItem[]): ShownService[] {
  const services = new Map<string, ShownService>(
    server.map((service) => [service.id, { ...service }]),
  );
  for (const item of items) {
    const mark = pendingMark(item);
    visitChange(item, {
      'service.create': (service) => {
        if (services.has(service.id)) return;
        const at = new Date(item.createdAt).toISOString();
        services.set(service.id, {
          whimsical_name: null,
          description: null,
          price_range: null,
          features: [],
          icon_name: 'Heart',
          sort_order: 0,
          is_active: true,
          ...service,
          created_at: at,
          updated_at: at,
          ...mark,
        });
      },
      'service.update': ({ id, changes }) => {
        const service = services.get(id);
        if (service) services.set(id, { ...service, ...changes, ...mark });
      },
      'service.delete': ({ id }) => services.delete(id),
    });
  }
  return [...services.values()].sort(
    (a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at),
  );
}
