import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, Toaster } from '@/ui/toast';

describe('toasts', () => {
  it('shows a toast raised before the toaster was on the page, once it is', async () => {
    notify.error('Failed to load gallery data.');
    render(<Toaster />);
    expect(await screen.findByText('Failed to load gallery data.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('shows a toast raised while the toaster is on the page, with its action', async () => {
    render(<Toaster />);
    let reloaded = false;
    notify.prompt('New version available', 'Reload to use the latest version of the site.', {
      label: 'Reload',
      onClick: () => (reloaded = true),
    });
    (await screen.findByRole('button', { name: 'Reload' })).click();
    expect(reloaded).toBe(true);
    expect(screen.getByText('Reload to use the latest version of the site.')).toBeTruthy();
  });

  it('an error with an id is replaced by the next of that id, and dismissed by it', async () => {
    render(<Toaster />);
    notify.error('Please enter the correct passcode', 'Invalid Passcode', { id: 'passcode' });
    await screen.findByText('Please enter the correct passcode');
    notify.error('Too many attempts. Please wait a few minutes and try again.', 'Error', {
      id: 'passcode',
    });
    await screen.findByText('Too many attempts. Please wait a few minutes and try again.');
    expect(screen.queryByText('Please enter the correct passcode')).toBeNull();
    notify.dismiss('passcode');
    await waitFor(() =>
      expect(
        screen.queryByText('Too many attempts. Please wait a few minutes and try again.'),
      ).toBeNull(),
    );
  });
});
