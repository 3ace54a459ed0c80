import { Plus, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { changes, type NewChange } from '@/offline/outbox/registry';
import { useSubmitChange, type ChangeMessages } from '@/offline/outbox/outbox-provider';

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

/** /admin/services: the service packages, with the eye toggle, edit and delete (SPEC §2). */
export function ServicesPage() {
  const { services, isPending } = useServices();
  const submit = useSubmitChange();
  // The dialogs close unless the server refused the change (then they keep the input to correct).
  const send = async (change: NewChange, messages: ChangeMessages) => (await submit(change, messages)) !== 'failed';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShownService | null>(null);
  const [deleting, setDeleting] = useState<ShownService | null>(null);

  const create = (fields: ServiceFields) =>
    send(changes.createService({ id: crypto.randomUUID(), ...fields }), {
      success: 'Service created',
      failure: 'Failed to save service',
    });
  const update = async (fields: ServiceFields) =>
    editing !== null &&
    send(changes.updateService({ id: editing.id, name: fields.name, changes: fields }), {
      success: 'Service updated',
      failure: 'Failed to save service',
    });
  // Nothing waits for these two: the toasts tell the outcome, and a failure past them (the
  // refused change could not be dropped from the queue) is logged.
  const toggle = (service: ShownService) => {
    send(changes.updateService({ id: service.id, name: service.name, changes: { is_active: !service.is_active } }), {
      success: service.is_active ? 'Service hidden' : 'Service shown',
      failure: 'Failed to update service',
    }).catch((error: unknown) => console.error('Updating the service failed', error));
  };
  const remove = (service: ShownService) => {
    send(changes.deleteService({ id: service.id, name: service.name }), {
      success: 'Service deleted',
      failure: 'Failed to delete service',
    }).catch((error: unknown) => console.error('Deleting the service failed', error));
  };

  const addButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Add Service
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Service Packages"
        description="The sessions you offer; the home page shows the first three active ones."
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
          {services.map((service) => (
            <li key={service.id}>
              <ServiceRow
                service={service}
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
        description={deleting ? `“${deleting.name}” will be deleted and no longer offered on the home page. This cannot be undone.` : ''}
        confirmLabel="Delete Service"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
