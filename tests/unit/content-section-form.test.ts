import { describe, expect, it } from 'vitest';
import {
  SECTION_LABELS,
  SECTION_NAMES,
  sectionFormValues,
  sectionLabel,
  sectionSchema,
  toSectionFields,
} from '@/features/admin-content/section-form';
import type { PageContentRow } from '@/lib/backend/database.types';

const hero: PageContentRow = {
  id: 'a',
  page_name: 'home',
  section_name: 'hero',
  title: 'Stories told in light',
  subtitle: null,
  content: 'Every session is slow',
  button_text: 'View Galleries',
  button_link: '#galleries',
  image_url: null,
  blur: null,
  opacity: 40,
  sort_order: 2,
  is_active: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const parse = (changes: Partial<ReturnType<typeof sectionFormValues>>) =>
  sectionSchema.safeParse({ ...sectionFormValues(), sectionName: 'cta', ...changes });
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('the section form', () => {
  it('offers exactly the spec’s section names', () => {
    expect(SECTION_NAMES).toEqual([
      'hero',
      'intro',
      'about-story',
      'services',
      'testimonials',
      'contact',
      'cta',
    ]);
  });

  it('calls each section by a human label, and an unknown name by itself', () => {
    expect(SECTION_NAMES.map((name) => SECTION_LABELS[name])).toEqual([
      'Hero',
      'Introduction',
      'About — my story',
      'Services',
      'Testimonials',
      'Contact',
      'Call to action',
    ]);
    expect(sectionLabel('about-story')).toBe('About — my story');
    expect(sectionLabel('footer')).toBe('footer');
    expect(sectionLabel('toString')).toBe('toString');
  });

  it('starts empty and active, and requires a section name', () => {
    const empty = sectionFormValues();
    expect(empty).toMatchObject({
      sectionName: '',
      title: '',
      blur: '',
      opacity: '',
      isActive: true,
    });
    expect(messages(sectionSchema.safeParse(empty))).toEqual(['Section name is required']);
    expect(messages(parse({ sectionName: 'footer' }))).toEqual(['Section name is required']);
  });

  it('saves empty optional fields as null, and no sort order (the list decides it)', () => {
    const values = sectionSchema.parse({
      ...sectionFormValues(),
      sectionName: 'cta',
      title: '  Book now ',
      buttonLink: '/contact',
    });
    expect(toSectionFields(values)).toEqual({
      title: 'Book now',
      subtitle: null,
      content: null,
      button_text: null,
      button_link: '/contact',
      image_url: null,
      blur: null,
      opacity: null,
      is_active: true,
    });
  });

  it('round-trips a stored section through the form', () => {
    const fields = toSectionFields(sectionSchema.parse(sectionFormValues(hero)));
    expect(fields).toEqual({
      title: hero.title,
      subtitle: null,
      content: hero.content,
      button_text: hero.button_text,
      button_link: hero.button_link,
      image_url: null,
      blur: null,
      opacity: 40,
      is_active: false,
    });
  });

  it('keeps blur within 0–20 and opacity within 0–100', () => {
    expect(messages(parse({ blur: '21' }))).toEqual(['Blur must be a whole number from 0 to 20']);
    expect(messages(parse({ blur: '2.5' }))).toEqual(['Blur must be a whole number from 0 to 20']);
    expect(messages(parse({ opacity: '101' }))).toEqual([
      'Opacity must be a whole number from 0 to 100',
    ]);
    expect(messages(parse({ opacity: '-5' }))).toEqual([
      'Opacity must be a whole number from 0 to 100',
    ]);
    expect(toSectionFields(parse({ blur: '20', opacity: '0' }).data!)).toMatchObject({
      blur: 20,
      opacity: 0,
    });
  });

  it('accepts only the links the database accepts', () => {
    for (const link of [
      'https://example.com/a',
      'mailto:me@example.com',
      'tel:+44 20 7946 0000',
      '/contact',
      '#galleries',
    ]) {
      expect(messages(parse({ buttonLink: link }))).toEqual([]);
    }
    for (const link of ['javascript:alert(1)', '//evil.example', 'contact', 'http://has space']) {
      expect(messages(parse({ buttonLink: link }))).toEqual([
        'Button links must start with http://, https://, mailto:, tel:, / or #',
      ]);
    }
    expect(messages(parse({ imageUrl: 'data:image/png;base64,AAAA' }))).toEqual([
      'Image links must start with http://, https:// or /',
    ]);
    expect(messages(parse({ imageUrl: 'https://example.com/a.jpg' }))).toEqual([]);
  });
});
