import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkSettings } from '@/features/admin-links/link-form';
import { LinkFormDialog } from '@/features/admin-links/link-form-dialog';
import { defaultExpiryDate } from '@/features/admin-links/link-rules';
import type { ShownLink } from '@/features/admin-links/links-overlay';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const albums = [
  { id: 'album-1', name: 'Rivera Family' },
  { id: 'album-2', name: 'Beach Shoot' },
];

function renderDialog(link?: ShownLink) {
  const onSubmit = vi.fn((_settings: LinkSettings) => Promise.resolve(true));
  const onOpenChange = vi.fn();
  render(<LinkFormDialog open onOpenChange={onOpenChange} link={link} albums={albums} albumsLoading={false} onSubmit={onSubmit} />);
  return { onSubmit, onOpenChange };
}

const passcodeSwitch = () => screen.getByRole('switch', { name: 'Require passcode' });

describe('the client link dialog', () => {
  it('starts with the defaults and asks for a collection', async () => {
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'New Client Link' })).toBeTruthy();
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date').value).toBe(defaultExpiryDate());
    expect(screen.getByPlaceholderText('4-8 digits')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Please select a collection')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires a passcode of at most 8 characters once "Require passcode" is on', async () => {
    const { onSubmit, onOpenChange } = renderDialog();
    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'album-2');
    await userEvent.click(passcodeSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Passcode is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Passcode'), '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Passcode must be at most 8 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Passcode'));
    await userEvent.type(screen.getByLabelText('Passcode'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Clear expiry date' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Allow downloads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ albumId: 'album-2', passcode: '1234', allowDownloads: false, expiresAt: null }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('turns protection on when a passcode is typed, and off clears it', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('Passcode'), '42');
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('true');
    await userEvent.click(passcodeSwitch());
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).toBe('');
  });

  it('keeps the collection of a link being edited', async () => {
    const link: ShownLink = {
      id: 'l',
      album_id: 'album-1',
      album_name: 'Rivera Family',
      album_description: null,
      access_token: 'x'.repeat(43),
      passcode: '1234',
      is_active: true,
      allow_downloads: true,
      expires_at: null,
      created_at: '2026-11-22T10:00:00Z',
    };
    const { onSubmit } = renderDialog(link);
    expect(screen.getByRole('dialog', { name: 'Edit Client Link' })).toBeTruthy();
    const select = screen.getByLabelText<HTMLSelectElement>('Collection');
    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe('Rivera Family');
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).toBe('1234');
    await userEvent.clear(screen.getByLabelText('Passcode'));
    await userEvent.type(screen.getByLabelText('Passcode'), '5678');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ albumId: 'album-1', passcode: '5678', allowDownloads: true, expiresAt: null }),
    );
  });
});
