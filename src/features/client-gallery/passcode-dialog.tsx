import { Lock } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import type { PasscodeAnswer } from './use-client-gallery';

export const PASSCODE_MAX_LENGTH = 8;

interface PasscodeDialogProps {
  /** The server's answer; on a refusal the dialog stays open with its message under the field. */
  onSubmit: (passcode: string) => Promise<PasscodeAnswer>;
  onLeave: () => void;
}

/**
 * 'Gallery Protected': asks for the link's passcode before any photo is loaded (SPEC §2). A
 * refusal ('Please enter the correct passcode', or the server's word on too many attempts)
 * shows under the field, tied to it by aria-describedby (FormField).
 */
export function PasscodeDialog({ onSubmit, onLeave }: PasscodeDialogProps) {
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = passcode.trim();
    if (value === '') {
      setError('Passcode is required');
      return;
    }
    // Gone while checking, so a second refusal of the same words is announced again (role=alert).
    setError(undefined);
    setChecking(true);
    try {
      const answer = await onSubmit(value);
      if (!answer.accepted) {
        setError(answer.message);
        // What was typed stays, selected: one keystroke starts over, an arrow key edits it.
        input.current?.focus();
        input.current?.select();
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onLeave()}
      tone="site"
      title="Gallery Protected"
      description="This gallery is protected. Enter the passcode you were given to view the photos."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        <div
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/25"
          aria-hidden
        >
          <Lock className="size-6 text-foreground/70" strokeWidth={1.5} />
        </div>
        <FormField label="Passcode" error={error}>
          <Input
            ref={input}
            value={passcode}
            onChange={(event) => {
              setPasscode(event.target.value);
              setError(undefined);
            }}
            type="password"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PASSCODE_MAX_LENGTH}
            placeholder="Enter passcode"
            required
            autoFocus
            className="text-center text-lg tracking-[0.3em] placeholder:text-base placeholder:tracking-normal"
          />
        </FormField>
        <Button type="submit" size="lg" disabled={checking}>
          {checking ? 'Checking...' : 'View Gallery'}
        </Button>
      </form>
    </Dialog>
  );
}
