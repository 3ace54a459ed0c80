import { MessageSquareQuote } from 'lucide-react';
import { nextSortOrder } from '@/lib/reorder';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange, useSubmitChanges } from '@/offline/outbox/outbox-provider';
import { ListEditorPage } from '@/ui/list-editor/list-editor-page';
import { useListActions } from '@/ui/list-editor/use-list-actions';
import type { TestimonialFields } from './testimonial-form';
import { TestimonialFormDialog } from './testimonial-form-dialog';
import { TestimonialRow } from './testimonial-row';
import type { ShownTestimonial } from './use-testimonials';
import { useTestimonials } from './use-testimonials';

/** /admin/testimonials: clients' kind words, with the eye toggle, edit, delete and their order on the home page. */
export function TestimonialsPage() {
  const { testimonials, isPending } = useTestimonials();
  const actions = useListActions({
    rows: testimonials,
    noun: 'testimonial',
    nouns: 'testimonials',
    name: (testimonial) => testimonial.client_name,
    update: (row) => newChange('testimonial.update', row),
    remove: (row) => newChange('testimonial.delete', row),
    toasts: {
      hidden: 'Testimonial hidden',
      shown: 'Testimonial shown',
      updateFailed: 'Failed to update testimonial',
      deleted: 'Testimonial deleted',
      deleteFailed: 'Failed to delete testimonial',
    },
    submit: useSubmitChange(),
    submitAll: useSubmitChanges(),
  });
  const { send } = actions;

  // A new testimonial goes last.
  const create = (fields: TestimonialFields, waitFor: string[]) =>
    send(
      newChange('testimonial.create', {
        id: crypto.randomUUID(),
        ...fields,
        sort_order: nextSortOrder(testimonials),
        waitFor,
      }),
      { success: 'Testimonial added', failure: 'Failed to save testimonial' },
    );
  const update = (testimonial: ShownTestimonial, fields: TestimonialFields, waitFor: string[]) =>
    send(
      newChange('testimonial.update', {
        id: testimonial.id,
        name: fields.client_name,
        changes: fields,
        waitFor,
      }),
      { success: 'Testimonial updated', failure: 'Failed to save testimonial' },
    );

  return (
    <ListEditorPage
      title="Testimonials"
      description="Kind words from your clients; the home page shows the active ones, in this order."
      addLabel="Add Testimonial"
      addInHeader="once-listed"
      rows={testimonials}
      isPending={isPending}
      empty={{
        icon: MessageSquareQuote,
        title: 'No testimonials yet',
        description:
          'When a client sends a few kind words, add them here. They appear on your home page, in the order you choose.',
      }}
      listLabel="Testimonials"
      listClassName="grid max-w-4xl grid-cols-1 gap-3"
      actions={actions}
      renderRow={(testimonial, controls) => (
        <TestimonialRow testimonial={testimonial} {...controls} />
      )}
      renderForm={({ row, ...form }) => (
        <TestimonialFormDialog
          {...form}
          testimonial={row}
          onSubmit={(fields, waitFor) =>
            row ? update(row, fields, waitFor) : create(fields, waitFor)
          }
        />
      )}
      confirmDelete={{
        title: 'Delete testimonial?',
        confirmLabel: 'Delete Testimonial',
        description: (testimonial) =>
          `The words of “${testimonial.client_name}” will be deleted and no longer shown on the home page. This cannot be undone.`,
      }}
    />
  );
}
