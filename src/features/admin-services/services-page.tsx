import { Sparkles } from 'lucide-react';
import { nextSortOrder } from '@/lib/reorder';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange, useSubmitChanges } from '@/offline/outbox/outbox-provider';
import { ListEditorPage } from '@/ui/list-editor/list-editor-page';
import { useListActions } from '@/ui/list-editor/use-list-actions';
import type { ServiceFields } from './service-form';
import { ServiceFormDialog } from './service-form-dialog';
import { ServiceRow } from './service-row';
import type { ShownService } from './use-services';
import { useServices } from './use-services';

/** /admin/services: the service packages, with the eye toggle, edit, delete and Move up / Move down (SPEC §2). */
export function ServicesPage() {
  const { services, isPending } = useServices();
  const actions = useListActions({
    rows: services,
    noun: 'service',
    nouns: 'services',
    name: (service) => service.name,
    update: (row) => newChange('service.update', row),
    remove: (row) => newChange('service.delete', row),
    toasts: {
      hidden: 'Service hidden',
      shown: 'Service shown',
      updateFailed: 'Failed to update service',
      deleted: 'Service deleted',
      deleteFailed: 'Failed to delete service',
    },
    submit: useSubmitChange(),
    submitAll: useSubmitChanges(),
  });
  const { send } = actions;

  // A new package goes last.
  const create = (fields: ServiceFields) =>
    send(
      newChange('service.create', {
        id: crypto.randomUUID(),
        ...fields,
        sort_order: nextSortOrder(services),
      }),
      { success: 'Service created', failure: 'Failed to save service' },
    );
  const update = (service: ShownService, fields: ServiceFields) =>
    send(newChange('service.update', { id: service.id, name: fields.name, changes: fields }), {
      success: 'Service updated',
      failure: 'Failed to save service',
    });

  return (
    <ListEditorPage
      title="Service Packages"
      description="The sessions you offer; the home page shows the first three active ones, in this order."
      addLabel="Add Service"
      rows={services}
      isPending={isPending}
      empty={{
        icon: Sparkles,
        title: 'No services yet',
        description: 'Add the sessions you offer, with their price and what is included.',
      }}
      listLabel="Service packages"
      listClassName="grid grid-cols-1 gap-3 lg:grid-cols-2"
      actions={actions}
      renderRow={(service, controls) => <ServiceRow service={service} {...controls} />}
      renderForm={({ row, ...form }) => (
        <ServiceFormDialog
          {...form}
          service={row}
          onSubmit={(fields) => (row ? update(row, fields) : create(fields))}
        />
      )}
      confirmDelete={{
        title: 'Delete service?',
        confirmLabel: 'Delete Service',
        description: (service) =>
          `“${service.name}” will be deleted and no longer offered on the home page. This cannot be undone.`,
      }}
    />
  );
}
