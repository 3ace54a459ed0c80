import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasscodeDialog } from '@/features/client-gallery/passcode-dialog';
import type { PasscodeAnswer } from '@/features/client-gallery/use-client-gallery';

/** The message a field's aria-describedby points at. */
const description = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the passcode dialog', () => {
  it('keeps a refused passcode, selected, with the message under the field tied to it', async () => {
    const onSubmit = vi.fn(async (): Promise<PasscodeAnswer> => ({
      accepted: false,
      message: 'Please enter the correct passcode',
    }));
    render(<PasscodeDialog onSubmit={onSubmit} onLeave={vi.fn()} />);
    const field = screen.getByLabelText<HTMLInputElement>('Passcode');
    await userEvent.type(field, '0000{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('0000');

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter the correct passcode',
    );
    expect(field.value).toBe('0000');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 4]);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toBe('Please enter the correct passcode');

    // Typing replaces the selection, and the message goes until the next answer.
    await userEvent.keyboard('48');
    expect(field.value).toBe('48');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message on too many attempts the same way", async () => {
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    render(
      <PasscodeDialog onSubmit={async () => ({ accepted: false, message })} onLeave={vi.fn()} />,
    );
    const field = screen.getByLabelText<HTMLInputElement>('Passcode');
    await userEvent.type(field, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'View Gallery' }));
    await waitFor(() => expect(description(field)).toBe(message));
    expect(field.value).toBe('1234');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for a passcode before sending anything', async () => {
    const onSubmit = vi.fn();
    render(<PasscodeDialog onSubmit={onSubmit} onLeave={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'View Gallery' }));
    expect(description(screen.getByLabelText('Passcode'))).toBe('Passcode is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
