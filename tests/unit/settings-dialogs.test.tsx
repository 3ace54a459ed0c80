import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteAdminDialog } from '@/features/admin-settings/delete-admin-dialog';
import { LinkDefaultsSection } from '@/features/admin-settings/link-defaults-section';
import { Toaster } from '@/ui/toast';

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
  it('starts with no passcode, downloads allowed and 30 days', () => {
    render(<LinkDefaultsSection />);
    expect(screen.getByRole('switch', { name: 'Require passcode' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Allow downloads' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Default expiry (days)').value).toBe('30');
  });

  it('refuses an out-of-range expiry with a message, and saves a valid one for the session only', async () => {
    render(
      <>
        <LinkDefaultsSection />
        <Toaster />
      </>,
    );
    const expiry = screen.getByLabelText<HTMLInputElement>('Default expiry (days)');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
    expect(await screen.findByText('Default expiry must be between 1 and 365 days')).toBeTruthy();
    expect(screen.queryByText('Defaults saved for this session')).toBeNull();

    await userEvent.clear(expiry);
    await userEvent.click(screen.getByRole('button', { name: 'Save Defaults' }));
    expect(await screen.findByText('Defaults saved for this session')).toBeTruthy();
    expect(expiry.value).toBe('30');
  });
});
