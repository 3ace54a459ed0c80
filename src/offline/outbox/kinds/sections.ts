import type {
  PageContentRow,
  PageContentInsert,
  PageContentUpdate,
} from '@/lib/backend/database.types';
import {
  createPageSection,
  deletePageSection,
  updatePageSection,
} from '@/lib/backend/page-content';
import {
  afterUploads,
  define,
  listRow,
  quoted,
  type NamedChanges,
  type WaitsFor,
  type WithId,
} from './define';

declare module './define' {
  interface RowTypes {
    sections: PageContentRow;
  }
}

/** Changes of the page sections (admin content). */
export const sectionKinds = {
  'content.create': define({
    version: 1,
    // `name`: what the photographer calls the section ('Call to action'), for the sync list.
    build: ({
      waitFor,
      name,
      ...section
    }: PageContentInsert & WithId & WaitsFor & { name?: string }) => ({
      entity: `content:${section.id}`,
      dependsOn: afterUploads(waitFor),
      payload: section,
      label: `Add section ${quoted(name ?? section.section_name)}`,
    }),
    send: (section, { backend }) => createPageSection(backend, section),
    touches: ({ id }) => [`content:${id}`],
    affects: ['page-content'],
    // The table's defaults for what the form left out.
    apply: {
      sections: listRow.created<PageContentRow>({
        page_name: 'home',
        title: null,
        subtitle: null,
        content: null,
        button_text: null,
        button_link: null,
        image_url: null,
        blur: null,
        opacity: null,
        sort_order: 0,
        is_active: true,
      }),
    },
  }),
  'content.update': define({
    version: 1,
    build: (section: NamedChanges<PageContentUpdate> & WaitsFor) => ({
      entity: `content:${section.id}`,
      dependsOn: afterUploads(section.waitFor),
      payload: { id: section.id, changes: section.changes },
      label: `Update section ${quoted(section.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updatePageSection(backend, id, changes),
    touches: ({ id }) => [`content:${id}`],
    affects: ['page-content'],
    apply: { sections: listRow.updated },
  }),
  'content.delete': define({
    version: 1,
    build: (section: { id: string; name: string }) => ({
      entity: `content:${section.id}`,
      payload: { id: section.id } satisfies WithId,
      label: `Delete section ${quoted(section.name)}`,
    }),
    send: ({ id }, { backend }) => deletePageSection(backend, id),
    touches: ({ id }) => [`content:${id}`],
    affects: ['page-content'],
    apply: { sections: listRow.deleted },
  }),
};
