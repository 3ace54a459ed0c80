import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';

export const PASSCODE_MAX_LENGTH = 8;

interface PasscodeDialogProps {
  /** Resolves true when the server accepted the passcode; the dialog stays open otherwise. */
  onSubmit: (passcode: string) => Promise<boolean>;
  onLeave: () => void;
}

/** 'Gallery Protected': asks for the link's passcode before any photo is loaded (SPEC §2). */
export function PasscodeDialog({ onSubmit, onLeave }: PasscodeDialogProps) {
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = passcode.trim();
    if (value === '') {
      setError('Passcode is required');
      return;
    }
    setChecking(true);
    try {
      if (!(await onSubmit(value))) setPasscode('');
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
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/25" aria-hidden>
          <Lock className="size-6 text-foreground/70" strokeWidth={1.5} />
        </div>
        <FormField label="Passcode" error={error}>
          <Input
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
