import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkSettings } from '@/features/admin-links/link-form';
import { LinkFormDialog } from '@/features/admin-links/link-form-dialog';
import { defaultExpiryDate } from '@/features/admin-links/link-rules';
import type { ShownLink } from '@/features/admin-links/links-overlay';
import { adminLink } from './link-fixture';

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
  render(
    <LinkFormDialog
      open
      onOpenChange={onOpenChange}
      link={link}
      albums={albums}
      albumsLoading={false}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onOpenChange };
}

const passcodeSwitch = () => screen.getByRole('switch', { name: 'Require passcode' });

describe('the client link dialog', () => {
  it('starts with the defaults and asks for a collection', async () => {
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'New Client Link' })).toBeTruthy();
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('false');
    expect(
      screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date').value).toBe(defaultExpiryDate());
    expect(screen.getByPlaceholderText('4-8 digits')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Please select a collection')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('enables the passcode field only with "Require passcode" on, and asks for 4 to 8 digits', async () => {
    const { onSubmit, onOpenChange } = renderDialog();
    const passcode = () => screen.getByLabelText<HTMLInputElement>('Passcode');
    expect(passcode().disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'album-2');
    await userEvent.click(passcodeSwitch());
    expect(passcode().disabled).toBe(false);
    // Switched on, it offers a random passcode the photographer may keep.
    expect(passcode().value).toMatch(/^[0-9]{6}$/);
    await userEvent.clear(passcode());
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByText('Passcode is required')).toBeTruthy();
    for (const refused of ['abc', '123', '12a4']) {
      await userEvent.clear(passcode());
      await userEvent.type(passcode(), refused);
      await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
      expect(await screen.findByText('Passcode must be 4 to 8 digits')).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(passcode());
    await userEvent.type(passcode(), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Clear expiry date' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Allow downloads' }));
    // Favourites start on; switched off, the link is made without them.
    expect(
      screen.getByRole('switch', { name: 'Allow favourites' }).getAttribute('aria-checked'),
    ).toBe('true');
    await userEvent.click(screen.getByRole('switch', { name: 'Allow favourites' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        albumId: 'album-2',
        passcode: '1234',
        allowDownloads: false,
        allowFavourites: false,
        downloadSize: 'original',
        expiresAt: null,
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('turning protection off clears the passcode and disables the field, and the link is made without one', async () => {
    const { onSubmit } = renderDialog();
    await userEvent.selectOptions(screen.getByLabelText('Collection'), 'album-1');
    await userEvent.click(passcodeSwitch());
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).not.toBe('');
    await userEvent.click(passcodeSwitch());
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ albumId: 'album-1', passcode: null }),
      ),
    );
  });

  it('starts a new link with the saved defaults', () => {
    const onSubmit = vi.fn((_settings: LinkSettings) => Promise.resolve(true));
    render(
      <LinkFormDialog
        open
        onOpenChange={vi.fn()}
        albums={albums}
        albumsLoading={false}
        defaults={{ requirePasscode: true, allowDownloads: false, expiryDays: 7 }}
        onSubmit={onSubmit}
      />,
    );
    expect(passcodeSwitch().getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Passcode').value).toMatch(/^[0-9]{6}$/);
    expect(
      screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date').value).toBe(
      defaultExpiryDate(new Date(), 7),
    );
  });

  it("keeps an older link's passcode that breaks the new rule, until it is changed", async () => {
    const link: ShownLink = adminLink({ id: 'old', passcode: 'abc' });
    const { onSubmit } = renderDialog(link);
    await userEvent.click(screen.getByRole('switch', { name: 'Allow downloads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        albumId: 'album-1',
        passcode: 'abc',
        allowDownloads: false,
        allowFavourites: true,
        downloadSize: 'original',
        expiresAt: null,
      }),
    );
    await userEvent.type(screen.getByLabelText('Passcode'), 'd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Passcode must be 4 to 8 digits')).toBeTruthy();
  });

  it('keeps the collection of a link being edited', async () => {
    const link: ShownLink = adminLink({ id: 'l', passcode: '1234' });
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
      expect(onSubmit).toHaveBeenCalledWith({
        albumId: 'album-1',
        passcode: '5678',
        allowDownloads: true,
        allowFavourites: true,
        downloadSize: 'original',
        expiresAt: null,
      }),
    );
  });
});
