import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderInto, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SectionFormDialog } from '@/features/admin-content/section-form-dialog';
import type { PageContentRow } from '@/lib/backend/database.types';

const SUPABASE = 'https://db.example.com';
const uploadFile = vi.fn((_file: File, _path: string) => Promise.resolve('synced'));

// The admin area's backend and outbox, as far as the dialog's image upload uses them.
vi.mock('@/lib/backend/backend-context', () => ({
  useBackend: () => ({
    config: { supabaseUrl: SUPABASE },
    adminClient: {
      storage: {
        from: (bucket: string) => ({
          getPublicUrl: (path: string) => ({
            data: { publicUrl: `${SUPABASE}/storage/v1/object/public/${bucket}/${path}` },
          }),
        }),
      },
    },
  }),
}));
vi.mock('@/offline/outbox/outbox-provider', () => ({ useUploadFile: () => uploadFile }));

const render = (element: ReactElement) =>
  renderInto(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);

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

    const select = within(dialog).getByLabelText('Section');
    const options = [...(select as HTMLSelectElement).options].filter((option) => !option.disabled);
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['hero', 'Hero'],
      ['intro', 'Introduction'],
      ['about-story', 'About — my story'],
      ['services', 'Services'],
      ['testimonials', 'Testimonials'],
      ['contact', 'Contact'],
      ['cta', 'Call to action'],
    ]);
    expect(within(dialog).queryByLabelText(/sort order/i)).toBeNull();
    await userEvent.selectOptions(select, 'cta');
    await userEvent.type(within(dialog).getByLabelText('Button Link'), '/contact');
    await userEvent.type(within(dialog).getByLabelText('Opacity'), '55');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Section' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'cta',
      {
        title: null,
        subtitle: null,
        content: null,
        button_text: null,
        button_link: '/contact',
        image_url: null,
        blur: null,
        opacity: 55,
        is_active: true,
      },
      [],
    );
  });

  it('locks the section name when editing and keeps the other values', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(
      <SectionFormDialog open onOpenChange={() => undefined} section={intro} onSubmit={onSubmit} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Section' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Section');
    expect(select.disabled).toBe(true);
    expect(select.value).toBe('intro');
    await userEvent.clear(within(dialog).getByLabelText('Subtitle'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'intro',
      expect.objectContaining({ title: 'Hello', subtitle: null, blur: 4, opacity: null }),
      [],
    );
    expect(onSubmit.mock.calls[0]).not.toHaveProperty('1.sort_order');
  });

  it('refuses a link the database would refuse', async () => {
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(
      <SectionFormDialog open onOpenChange={() => undefined} section={intro} onSubmit={onSubmit} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Section' });
    const link = within(dialog).getByLabelText('Button Link');
    await userEvent.clear(link);
    await userEvent.type(link, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText(
        'Button links must start with http://, https://, mailto:, tel:, / or #',
      ),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uploads a chosen image, and the save waits for that upload', async () => {
    // jsdom has no object URLs.
    Object.assign(URL, {
      createObjectURL: () => 'blob:local-preview',
      revokeObjectURL: () => undefined,
    });
    const onSubmit = vi.fn(() => Promise.resolve(true));
    render(
      <SectionFormDialog open onOpenChange={() => undefined} section={intro} onSubmit={onSubmit} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Section' });
    expect(within(dialog).getByText('No image')).toBeTruthy();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'story.jpg', {
      type: 'image/jpeg',
    });
    await userEvent.upload(within(dialog).getByLabelText('Choose image file'), file);
    const path = uploadFile.mock.calls[0]![1];
    expect(path).toMatch(/^content-[0-9a-f-]{36}\.jpg$/);
    expect(
      within(dialog).getByRole<HTMLImageElement>('img', { name: 'Section image preview' }).src,
    ).toMatch(/^blob:/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      'intro',
      expect.objectContaining({ image_url: `${SUPABASE}/storage/v1/object/public/photos/${path}` }),
      [path],
    );
  });
});
