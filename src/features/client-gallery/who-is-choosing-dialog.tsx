import { Heart } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';

export const CLIENT_NAME_MAX_LENGTH = 60;

/**
 * 'Who is choosing?': asked on a device's first heart for a link, so the photographer knows
 * whose list it is (several people may choose on one link, each under their own name).
 */
export function WhoIsChoosingDialog({
  onContinue,
  onCancel,
}: {
  onContinue: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const cleaned = name.replace(/\s+/g, ' ').trim();
    if (cleaned === '') {
      setError('Please enter your name');
      return;
    }
    onContinue(cleaned);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      tone="site"
      overViewer
      title="Who is choosing?"
      description="Your favourites are kept under your name, so your photographer knows whose choice it is."
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        <div
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-primary/25"
          aria-hidden
        >
          <Heart className="size-6 text-foreground/70" strokeWidth={1.5} />
        </div>
        <FormField label="Your name" error={error}>
          <Input
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            autoComplete="name"
            maxLength={CLIENT_NAME_MAX_LENGTH}
            placeholder="e.g. Anna"
            required
            autoFocus
          />
        </FormField>
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </Dialog>
  );
}
