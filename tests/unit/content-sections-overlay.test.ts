import { describe, expect, it } from 'vitest';
import { overlayList } from '@/offline/outbox/overlay';
import type { PageContentRow } from '@/lib/backend/database.types';
import { newChange } from '@/offline/outbox/registry';
import { queued } from './queued-change';

const row = (
  id: string,
  section_name: PageContentRow['section_name'],
  sort_order: number,
  created_at = '2026-01-01T00:00:00Z',
): PageContentRow => ({
  id,
  page_name: 'home',
  section_name,
  title: `${section_name} title`,
  subtitle: null,
  content: null,
  button_text: null,
  button_link: null,
  image_url: null,
  blur: null,
  opacity: null,
  sort_order,
  is_active: true,
  created_at,
  updated_at: created_at,
});

describe('overlaySections', () => {
  const server = [row('intro', 'intro', 1), row('hero', 'hero', 0), row('story', 'about-story', 2)];

  it('shows the server’s sections by sort order when nothing waits', () => {
    expect(
      overlayList('sections', server, []).map((section) => [section.section_name, section.pending]),
    ).toEqual([
      ['hero', undefined],
      ['intro', undefined],
      ['about-story', undefined],
    ]);
  });

  it('adds a waiting new section with null fields, in its sort position, marked pending', () => {
    const create = queued(
      newChange('content.create', {
        id: 'cta',
        page_name: 'home',
        section_name: 'cta',
        button_link: '/contact',
        sort_order: 1,
      }),
    );
    const shown = overlayList('sections', server, [create]);
    expect(shown.map((section) => section.section_name)).toEqual([
      'hero',
      'intro',
      'cta',
      'about-story',
    ]);
    expect(shown[2]).toMatchObject({
      id: 'cta',
      title: null,
      button_link: '/contact',
      is_active: true,
      pending: true,
      syncError: undefined,
    });
  });

  it('merges waiting edits and eye toggles, and drops waiting deletions', () => {
    const shown = overlayList('sections', server, [
      queued(
        newChange('content.update', { id: 'hero', name: 'hero', changes: { is_active: false } }),
      ),
      queued(
        newChange('content.update', {
          id: 'intro',
          name: 'intro',
          changes: { title: 'Hello', sort_order: 5 },
        }),
        {
          status: 'failed',
          failure: { kind: 'refused', status: 400, message: 'Some values are not valid' },
        },
      ),
      queued(newChange('content.delete', { id: 'story', name: 'about-story' })),
    ]);
    expect(
      shown.map((section) => [
        section.section_name,
        section.title,
        section.is_active,
        section.pending,
        section.syncError,
      ]),
    ).toEqual([
      ['hero', 'hero title', false, true, undefined],
      ['intro', 'Hello', true, true, 'Some values are not valid'],
    ]);
  });

  it('does not duplicate a created section the server already returns, nor change the input', () => {
    const before = JSON.stringify(server);
    const create = queued(
      newChange('content.create', { id: 'hero', page_name: 'home', section_name: 'hero' }),
    );
    expect(overlayList('sections', server, [create])).toHaveLength(3);
    expect(JSON.stringify(server)).toBe(before);
  });
});
