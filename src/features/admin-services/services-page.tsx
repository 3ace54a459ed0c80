import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { moved, nextSortOrder, sortOrderChanges } from '@/lib/reorder';
import { changes, type NewChange } from '@/offline/outbox/registry';
import {
  useSubmitChange,
  useSubmitChanges,
  type ChangeMessages,
} from '@/offline/outbox/outbox-provider';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { PageLoader } from '@/ui/page-loader';
import type { ServiceFields } from './service-form';
import { ServiceFormDialog } from './service-form-dialog';
import { ServiceRow } from './service-row';
import type { ShownService } from './services-overlay';
import { useServices } from './use-services';

/** /admin/services: the service packages, with the eye toggle, edit, delete and Move up / Move down (SPEC §2). */
export function ServicesPage() {
  const { services, isPending } = useServices();
  const submit = useSubmitChange();
  const submitAll = useSubmitChanges();
  // The dialogs close unless the server refused the change (then they keep the input to correct).
  const send = async (change: NewChange, messages: ChangeMessages) =>
    (await submit(change, messages)) !== 'failed';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShownService | null>(null);
  const [deleting, setDeleting] = useState<ShownService | null>(null);

  // A new package goes last.
  const create = (fields: ServiceFields) =>
    send(
      changes.createService({
        id: crypto.randomUUID(),
        ...fields,
        sort_order: nextSortOrder(services),
      }),
      {
        success: 'Service created',
        failure: 'Failed to save service',
      },
    );
  const update = async (fields: ServiceFields) =>
    editing !== null &&
    send(changes.updateService({ id: editing.id, name: fields.name, changes: fields }), {
      success: 'Service updated',
      failure: 'Failed to save service',
    });
  // Nothing waits for these two: the toasts tell the outcome, and a failure past them (the
  // refused change could not be dropped from the queue) is logged.
  const toggle = (service: ShownService) => {
    send(
      changes.updateService({
        id: service.id,
        name: service.name,
        changes: { is_active: !service.is_active },
      }),
      {
        success: service.is_active ? 'Service hidden' : 'Service shown',
        failure: 'Failed to update service',
      },
    ).catch((error: unknown) => console.error('Updating the service failed', error));
  };
  const remove = (service: ShownService) => {
    send(changes.deleteService({ id: service.id, name: service.name }), {
      success: 'Service deleted',
      failure: 'Failed to delete service',
    }).catch((error: unknown) => console.error('Deleting the service failed', error));
  };
  // The new order is written as sort orders 0, 1, 2, … (only the rows whose number changes).
  const move = (index: number, by: -1 | 1) => {
    const order = moved(services, index, by);
    if (!order) return;
    const updates = sortOrderChanges(order).map(({ row, sortOrder }) =>
      changes.updateService({ id: row.id, name: row.name, changes: { sort_order: sortOrder } }),
    );
    submitAll(updates, { success: 'Order updated', failure: 'Failed to change the order' }).catch(
      (error: unknown) => console.error('Reordering the services failed', error),
    );
  };

  const addButton = (
    <Button className="h-11 sm:h-10" onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Add Service
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Service Packages"
        description="The sessions you offer; the home page shows the first three active ones, in this order."
        actions={addButton}
      />
      {isPending ? (
        <PageLoader />
      ) : services.length === 0 ? (
        <EmptyState
          icon={Sparkles}
          title="No services yet"
          description="Add the sessions you offer, with their price and what is included."
          action={addButton}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Service packages">
          {services.map((service, index) => (
            <li key={service.id}>
              <ServiceRow
                service={service}
                position={index + 1}
                count={services.length}
                onMove={(by) => move(index, by)}
                onToggle={() => toggle(service)}
                onEdit={() => setEditing(service)}
                onDelete={() => setDeleting(service)}
              />
            </li>
          ))}
        </ul>
      )}
      <ServiceFormDialog open={creating} onOpenChange={setCreating} onSubmit={create} />
      <ServiceFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        service={editing ?? undefined}
        onSubmit={update}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete service?"
        description={
          deleting
            ? `“${deleting.name}” will be deleted and no longer offered on the home page. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Service"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
