import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SectionFormDialog } from '@/features/admin-content/section-form-dialog';
import type { PageContentRow } from '@/lib/backend/database.types';

const intro: PageContentRow = {
  id: 'i',
  page_name: 'home',
  section_name: 'intro',
  title: 'Hello',
  subtitle: 'Welcome',
  content: null,
  button_text: 'About me',
  button_link: '/about',
  image_url: null,
  blur: 4,
  opacity: null,
  sort_order: 1,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('the section dialog', () => {
  it('requires a section name, then sends the page’s fields with empty ones as null', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<SectionFormDialog open onOpenChange={() => undefined} onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Add Section' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(await within(dialog).findByText('Section name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const select = within(dialog).getByLabelText('Section Name');
    expect([...(select as HTMLSelectElement).options].filter((option) => !option.disabled).map((option) => option.value)).toEqual([
      'hero',
      'intro',
      'about-story',
      'services',
      'testimonials',
      'contact',
      'cta',
    ]);
    await userEvent.selectOptions(select, 'cta');
    await userEvent.type(within(dialog).getByLabelText('Button Link'), '/contact');
    await userEvent.type(within(dialog).getByLabelText('Opacity'), '55');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(onSubmit).toHaveBeenCalledWith('cta', {
      title: null,
      subtitle: null,
      content: null,
      button_text: null,
      button_link: '/contact',
      image_url: null,
      blur: null,
      opacity: 55,
      sort_order: 0,
      is_active: true,
    });
  });

  it('locks the section name when editing and keeps the other values', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<SectionFormDialog open onOpenChange={() => undefined} section={intro} onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Section' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Section Name');
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('intro');
    await userEvent.clear(within(dialog).getByLabelText('Subtitle'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'intro',
      expect.objectContaining({ title: 'Hello', subtitle: null, blur: 4, opacity: null, sort_order: 1 }),
    );
  });

  it('refuses a link the database would refuse', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(<SectionFormDialog open onOpenChange={() => undefined} section={intro} onSubmit={onSubmit} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Section' });
    const link = within(dialog).getByLabelText('Button Link');
    await userEvent.clear(link);
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Button links must start with http://, https://, mailto:, tel:, / or #')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
