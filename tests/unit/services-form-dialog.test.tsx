import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceFormDialog } from '@/features/admin-services/service-form-dialog';
import type { ServiceFields } from '@/features/admin-services/service-form';

function renderDialog(onSubmit = vi.fn((_fields: ServiceFields) => Promise.resolve(true))) {
  const onOpenChange = vi.fn();
  render(<ServiceFormDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} />);
  return { onSubmit, onOpenChange, dialog: screen.getByRole('dialog', { name: 'Add Service' }) };
}

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('the service dialog', () => {
  it('asks for a name before saving', async () => {
    const { onSubmit, dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(await within(dialog).findByText('Service name is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows remove buttons only while more than one feature line exists, and drops empty lines on save', async () => {
    const { onSubmit, onOpenChange, dialog } = renderDialog();
    const removeButtons = () =>
      within(dialog).queryAllByRole('button', { name: /^Remove feature/ });
    expect(within(dialog).getAllByRole('textbox', { name: /^Feature/ })).toHaveLength(1);
    expect(removeButtons()).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Mini Session');
    await userEvent.type(within(dialog).getByLabelText('Feature 1'), '20 minutes');
    for (const text of ['10 photos', '', 'Online gallery']) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Feature' }));
      const lines = within(dialog).getAllByRole('textbox', { name: /^Feature/ });
      if (text) await userEvent.type(lines.at(-1)!, text);
    }
    expect(within(dialog).getAllByRole('textbox', { name: /^Feature/ })).toHaveLength(4);
    expect(removeButtons()).toHaveLength(4);

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Star' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Mini Session',
      whimsical_name: null,
      description: null,
      price_range: null,
      features: ['20 minutes', '10 photos', 'Online gallery'],
      icon_name: 'Star',
      is_active: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('removes a line, and hides the last remove button when one line is left', async () => {
    const { dialog } = renderDialog();
    await userEvent.type(within(dialog).getByLabelText('Feature 1'), 'keep me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Feature' }));
    await userEvent.type(within(dialog).getByLabelText('Feature 2'), 'drop me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove feature 2' }));
    const lines = within(dialog).getAllByRole('textbox', { name: /^Feature/ });
    expect(lines.map((line) => (line as HTMLInputElement).value)).toEqual(['keep me']);
    expect(within(dialog).queryByRole('button', { name: /^Remove feature/ })).toBeNull();
  });

  it('keeps the dialog open when saving fails', async () => {
    const { onOpenChange, dialog } = renderDialog(vi.fn(() => Promise.resolve(false)));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'X');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Service' }));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
