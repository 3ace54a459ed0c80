import { LayoutTemplate, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import type { SectionName } from '@/lib/backend/database.types';
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
import { sectionLabel, type SectionFields } from './section-form';
import { SectionFormDialog } from './section-form-dialog';
import { SectionRow } from './section-row';
import type { ShownSection } from './sections-overlay';
import { useSections } from './use-sections';

/** /admin/content: the home page's sections, with the eye toggle, edit, delete and Move up / Move down (SPEC §2). */
export function ContentPage() {
  const { sections, isPending } = useSections();
  const submit = useSubmitChange();
  const submitAll = useSubmitChanges();
  // The dialogs close unless the server refused the change (then they keep the input to correct).
  const send = async (change: NewChange, messages: ChangeMessages) =>
    (await submit(change, messages)) !== 'failed';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShownSection | null>(null);
  const [deleting, setDeleting] = useState<ShownSection | null>(null);

  // SPEC §8: a refused save shows the server's reason (e.g. a second 'hero') when it has one.
  // A new section goes last on its page.
  const create = (sectionName: SectionName, fields: SectionFields, waitFor: string[]) =>
    send(
      changes.createSection({
        id: crypto.randomUUID(),
        page_name: 'home',
        section_name: sectionName,
        ...fields,
        sort_order: nextSortOrder(sections),
        name: sectionLabel(sectionName),
        waitFor,
      }),
      { success: 'Content created', failure: 'Failed to save content', preferServerMessage: true },
    );
  const update = async (_name: SectionName, fields: SectionFields, waitFor: string[]) =>
    editing !== null &&
    send(
      changes.updateSection({
        id: editing.id,
        name: sectionLabel(editing.section_name),
        changes: fields,
        waitFor,
      }),
      {
        success: 'Content updated',
        failure: 'Failed to save content',
        preferServerMessage: true,
      },
    );
  // Nothing waits for these two: the toasts tell the outcome, and a failure past them (the
  // refused change could not be dropped from the queue) is logged.
  const toggle = (section: ShownSection) => {
    send(
      changes.updateSection({
        id: section.id,
        name: sectionLabel(section.section_name),
        changes: { is_active: !section.is_active },
      }),
      {
        success: section.is_active ? 'Section hidden' : 'Section shown',
        failure: 'Failed to update content',
      },
    ).catch((error: unknown) => console.error('Updating the section failed', error));
  };
  const remove = (section: ShownSection) => {
    send(changes.deleteSection({ id: section.id, name: sectionLabel(section.section_name) }), {
      success: 'Content deleted',
      failure: 'Failed to delete content',
    }).catch((error: unknown) => console.error('Deleting the section failed', error));
  };
  // The new order is written as sort orders 0, 1, 2, … (only the rows whose number changes).
  const move = (index: number, by: -1 | 1) => {
    const order = moved(sections, index, by);
    if (!order) return;
    const updates = sortOrderChanges(order).map(({ row, sortOrder }) =>
      changes.updateSection({
        id: row.id,
        name: sectionLabel(row.section_name),
        changes: { sort_order: sortOrder },
      }),
    );
    submitAll(updates, { success: 'Order updated', failure: 'Failed to change the order' }).catch(
      (error: unknown) => console.error('Reordering the sections failed', error),
    );
  };

  const addButton = (
    <Button className="h-11 sm:h-10" onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Add Section
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Page Content"
        description="The words on your home page, section by section."
        actions={addButton}
      />
      <Tabs.Root defaultValue="home">
        <Tabs.List aria-label="Pages" className="mb-5 flex gap-6 border-b">
          <Tabs.Trigger
            value="home"
            className="-mb-px border-b-2 border-transparent px-0.5 pb-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:border-foreground data-[state=active]:text-foreground"
          >
            Home Page
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="home" className="focus-visible:outline-none">
          {isPending ? (
            <PageLoader />
          ) : sections.length === 0 ? (
            <EmptyState
              icon={LayoutTemplate}
              title="No sections yet"
              description="Add a hero, an intro or your story to start writing the home page."
              action={addButton}
            />
          ) : (
            // One column of minmax(0, 1fr): a row is as wide as the screen, never as wide as its longest line.
            <ul className="grid grid-cols-1 gap-3" aria-label="Home page sections">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <SectionRow
                    section={section}
                    position={index + 1}
                    count={sections.length}
                    onMove={(by) => move(index, by)}
                    onToggle={() => toggle(section)}
                    onEdit={() => setEditing(section)}
                    onDelete={() => setDeleting(section)}
                  />
                </li>
              ))}
            </ul>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <SectionFormDialog open={creating} onOpenChange={setCreating} onSubmit={create} />
      <SectionFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        section={editing ?? undefined}
        onSubmit={update}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete section?"
        description={
          deleting
            ? `The “${sectionLabel(deleting.section_name)}” section will be removed from the home page. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete Section"
        onConfirm={() => deleting && remove(deleting)}
      />
    </>
  );
}
