import { MessageSquareQuote, Plus } from 'lucide-react';
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
import type { TestimonialFields } from './testimonial-form';
import { TestimonialFormDialog } from './testimonial-form-dialog';
import { TestimonialRow } from './testimonial-row';
import type { ShownTestimonial } from './testimonials-overlay';
import { useTestimonials } from './use-testimonials';

/** /admin/testimonials: clients' kind words, with the eye toggle, edit, delete and their order on the home page. */
export function TestimonialsPage() {
  const { testimonials, isPending } = useTestimonials();
  const submit = useSubmitChange();
  const submitAll = useSubmitChanges();
  // The dialogs close unless the server refused the change (then they keep the input to correct).
  const send = async (change: NewChange, messages: ChangeMessages) =>
    (await submit(change, messages)) !== 'failed';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShownTestimonial | null>(null);
  const [deleting, setDeleting] = useState<ShownTestimonial | null>(null);

  const create = (fields: TestimonialFields, waitFor: string[]) => {
    // A new testimonial goes last.
    return send(
      changes.createTestimonial({
        id: crypto.randomUUID(),
        ...fields,
        sort_order: nextSortOrder(testimonials),
        waitFor,
      }),
      {
        success: 'Testimonial added',
        failure: 'Failed to save testimonial',
      },
    );
  };
  const update = async (fields: TestimonialFields, waitFor: string[]) =>
    editing !== null &&
    send(
      changes.updateTestimonial({
        id: editing.id,
        name: fields.client_name,
        changes: fields,
        waitFor,
      }),
      {
        success: 'Testimonial updated',
        failure: 'Failed to save testimonial',
      },
    );
  // Nothing waits for these: the toasts tell the outcome, and a failure past them is logged.
  const toggle = (testimonial: ShownTestimonial) => {
    send(
      changes.updateTestimonial({
        id: testimonial.id,
        name: testimonial.client_name,
        changes: { is_active: !testimonial.is_active },
      }),
      {
        success: testimonial.is_active ? 'Testimonial hidden' : 'Testimonial shown',
        failure: 'Failed to update testimonial',
      },
    ).catch((error: unknown) => console.error('Updating the testimonial failed', error));
  };
  const remove = (testimonial: ShownTestimonial) => {
    send(changes.deleteTestimonial({ id: testimonial.id, name: testimonial.client_name }), {
      success: 'Testimonial deleted',
      failure: 'Failed to delete testimonial',
    }).catch((error: unknown) => console.error('Deleting the testimonial failed', error));
  };
  // The new order is written as sort orders 0, 1, 2, … (only the rows whose number changes).
  const move = (index: number, by: -1 | 1) => {
    const order = moved(testimonials, index, by);
    if (!order) return;
    const updates = sortOrderChanges(order).map(({ row: testimonial, sortOrder }) =>
      changes.updateTestimonial({
        id: testimonial.id,
        name: testimonial.client_name,
        changes: { sort_order: sortOrder },
      }),
    );
    submitAll(updates, { success: 'Order updated', failure: 'Failed to change the order' }).catch(
      (error: unknown) => console.error('Reordering the testimonials failed', error),
    );
  };

  const addButton = (
    <Button className="h-11 sm:h-10" onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Add Testimonial
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Testimonials"
        description="Kind words from your clients; the home page shows the active ones, in this order."
        actions={testimonials.length > 0 ? addButton : undefined}
      />
      {isPending ? (
        <PageLoader />
      ) : testimonials.length === 0 ? (
        <EmptyState
          icon={MessageSquareQuote}
          title="No testimonials yet"
          description="When a client sends a few kind words, add them here. They appear on your home page, in the order you choose."
          action={addButton}
        />
      ) : (
        <ul className="grid max-w-4xl grid-cols-1 gap-3" aria-label="Testimonials">
          {testimonials.map((testimonial, index) => (
            <li key={testimonial.id}>
              <TestimonialRow
                testimonial={testimonial}
                position={index + 1}
                count={testimonials.length}
                onMove={(by) => move(index, by)}
                onToggle={() => toggle(testimonial)}
                onEdit={() => setEditing(testimonial)}
                onDelete={() => setDeleting(testimonial)}
              />
            </li>
          ))}
        </ul>
      )}
      <TestimonialFormDialog open={creating} onOpenChange={setCreating} onSubmit={create} />
      <TestimonialFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        testimonial={editing ?? undefined}
        onSubmit={update}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete testimonial?"
        description={
          deleting
            ? `The words of “${deleting.client_name}” will be deleted and no longer shown on the home page. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Testimonial"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
