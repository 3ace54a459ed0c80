import type { ReactNode } from 'react';
import { BackendProvider } from '@/lib/backend/backend-context';
import { OutboxProvider } from '@/offline/outbox/outbox-provider';
import type { AdminArea } from './admin-area';

/** Gives the admin screens the whole backend and the outbox. */
export function AdminAreaProviders({ area, children }: { area: AdminArea; children: ReactNode }) {
  return (
    <BackendProvider backend={area.backend}>
      <OutboxProvider outbox={area.outbox}>{children}</OutboxProvider>
    </BackendProvider>
  );
}
