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
import { listKinds } from './list-kinds';

declare module './define' {
  interface RowTypes {
    sections: PageContentRow;
  }
}

/**
 * Changes of the page sections (admin content): content.create, content.update,
 * content.delete. A new section's label uses what the photographer calls it ('Call to
 * action', the screen's `name`), else its key.
 */
export const sectionKinds = listKinds<'content', 'sections', PageContentInsert, PageContentUpdate>({
  kind: 'content',
  rows: 'sections',
  affects: 'page-content',
  noun: 'section',
  nameOf: (section) => section.section_name,
  defaults: {
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
  },
  create: createPageSection,
  update: updatePageSection,
  remove: deletePageSection,
});
