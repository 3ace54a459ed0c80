import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteAdminDialog } from '@/features/admin-settings/delete-admin-dialog';
import { LinkDefaultsForm } from '@/features/admin-settings/link-defaults-form';
import { INITIAL_LINK_DEFAULTS, type LinkDefaults } from '@/lib/backend/link-defaults';

// Radix's Switch measures itself; jsdom has no ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

describe('the delete admin dialog', () => {
  it("enables 'Delete User' only once the username is typed", async () => {
    const onDelete = vi.fn();
    const onClose = vi.fn();
    render(<DeleteAdminDialog username="bruno" onClose={onClose} onDelete={onDelete} />);
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Delete User' });
    expect(confirm.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Type bruno to confirm'), 'brun');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Type bruno to confirm'), 'o');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    expect(onDelete).toHaveBeenCalledWith('bruno', 'bruno');
  });

  it('says the confirmation does not match when it is submitted anyway, and deletes nothing', async () => {
    const onDelete = vi.fn();
    render(<DeleteAdminDialog username="bruno" onClose={vi.fn()} onDelete={onDelete} />);
    const field = screen.getByLabelText('Type bruno to confirm');
    await userEvent.type(field, 'bruna');
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Username confirmation does not match')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
  });
});

describe('the default client link settings', () => {
  it('shows the saved defaults', () => {
    render(
      <LinkDefaultsForm
        defaults={{ requirePasscode: true, allowDownloads: false, expiryDays: 14 }}
        onSave={vi.fn()}
      />,
    );
    expect(
      screen.getByRole('switch', { name: 'Require passcode' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByLabelText<HTMLInputElement>('Default expiry (days)').value).toBe('14');
  });

  it('refuses an out-of-range expiry with a message, and saves what is on screen', async () => {
    const onSave = vi.fn((_defaults: LinkDefaults) => Promise.resolve(true));
    render(<LinkDefaultsForm defaults={INITIAL_LINK_DEFAULTS} onSave={onSave} />);
    const expiry = screen.getByLabelText<HTMLInputElement>('Default expiry (days)');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
    expect(await screen.findByText('Default expiry must be between 1 and 365 days')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    // Not a number falls back to 30 (SPEC §5), shown and saved.
    await userEvent.clear(expiry);
    await userEvent.click(screen.getByRole('switch', { name: 'Require passcode' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
    expect(onSave).toHaveBeenCalledWith({
      requirePasscode: true,
      allowDownloads: true,
      expiryDays: 30,
    });
    expect(expiry.value).toBe('30');
  });
});
