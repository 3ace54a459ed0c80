import { LayoutTemplate } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import type { SectionName } from '@/lib/backend/database.types';
import { nextSortOrder } from '@/lib/reorder';
import { newChange } from '@/offline/outbox/registry';
import { useSubmitChange, useSubmitChanges } from '@/offline/outbox/outbox-provider';
import { ListEditorPage } from '@/ui/list-editor/list-editor-page';
import { useListActions } from '@/ui/list-editor/use-list-actions';
import { sectionLabel, type SectionFields } from './section-form';
import { SectionFormDialog } from './section-form-dialog';
import { SectionRow } from './section-row';
import type { ShownSection } from './use-sections';
import { useSections } from './use-sections';

/** /admin/content: the home page's sections, with the eye toggle, edit, delete and Move up / Move down (SPEC §2). */
export function ContentPage() {
  const { sections, isPending } = useSections();
  const actions = useListActions({
    rows: sections,
    noun: 'section',
    nouns: 'sections',
    name: (section) => sectionLabel(section.section_name),
    update: (row) => newChange('content.update', row),
    remove: (row) => newChange('content.delete', row),
    toasts: {
      hidden: 'Section hidden',
      shown: 'Section shown',
      updateFailed: 'Failed to update content',
      deleted: 'Content deleted',
      deleteFailed: 'Failed to delete content',
    },
    submit: useSubmitChange(),
    submitAll: useSubmitChanges(),
  });
  const { send } = actions;

  // SPEC §8: a refused save shows the server's reason (e.g. a second 'hero') when it has one.
  // A new section goes last on its page.
  const create = (sectionName: SectionName, fields: SectionFields, waitFor: string[]) =>
    send(
      newChange('content.create', {
        id: crypto.randomUUID(),
        page_name: 'home',
        section_name: sectionName,
        ...fields,
        sort_order: nextSortOrder(sections),
        shownName: sectionLabel(sectionName),
        waitFor,
      }),
      { success: 'Content created', failure: 'Failed to save content', preferServerMessage: true },
    );
  const update = (section: ShownSection, fields: SectionFields, waitFor: string[]) =>
    send(
      newChange('content.update', {
        id: section.id,
        name: sectionLabel(section.section_name),
        changes: fields,
        waitFor,
      }),
      { success: 'Content updated', failure: 'Failed to save content', preferServerMessage: true },
    );

  return (
    <ListEditorPage
      title="Page Content"
      description="The words on your home page, section by section."
      addLabel="Add Section"
      rows={sections}
      isPending={isPending}
      empty={{
        icon: LayoutTemplate,
        title: 'No sections yet',
        description: 'Add a hero, an intro or your story to start writing the home page.',
      }}
      listLabel="Home page sections"
      // One column of minmax(0, 1fr): a row is as wide as the screen, never as wide as its longest line.
      listClassName="grid grid-cols-1 gap-3"
      actions={actions}
      renderRow={(section, controls) => <SectionRow section={section} {...controls} />}
      renderForm={({ row, ...form }) => (
        <SectionFormDialog
          {...form}
          section={row}
          onSubmit={(sectionName, fields, waitFor) =>
            row ? update(row, fields, waitFor) : create(sectionName, fields, waitFor)
          }
        />
      )}
      confirmDelete={{
        title: 'Delete section?',
        confirmLabel: 'Delete Section',
        description: (section) =>
          `The “${sectionLabel(section.section_name)}” section will be removed from the home page. This cannot be undone.`,
      }}
      frame={(list) => <PagesTabs>{list}</PagesTabs>}
    />
  );
}

/** The pages whose words are edited here, as tabs: only the home page today (SPEC §3). */
function PagesTabs({ children }: { children: ReactNode }) {
  return (
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
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
