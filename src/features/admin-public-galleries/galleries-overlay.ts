import type { AdminPublicGallery } from '@/lib/backend/database.types';
import { overlayRows, type PendingMark } from '@/offline/outbox/overlay';
import type { OutboxItem } from '@/offline/outbox/registry';

/** A gallery as the admin should see it, marked when a change to it still waits in the outbox. */
export type ShownGallery = AdminPublicGallery & PendingMark;

/** The galleries as the admin should see them: the server's list with waiting changes applied, newest first. */
export function overlayGalleries(
  server: AdminPublicGallery[],
  items: OutboxItem[],
): ShownGallery[] {
  return overlayRows('galleries', server, items).sort(
    (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  );
}
