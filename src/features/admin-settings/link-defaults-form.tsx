import { Save } from 'lucide-react';
import { useState, type BaseSyntheticEvent } from 'react';
import type { LinkDefaults } from '@/lib/backend/link-defaults';
import { Button } from '@/ui/button';
import { Switch } from '@/ui/controls';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input } from '@/ui/input';
import { MAX_EXPIRY_DAYS, MIN_EXPIRY_DAYS, parseExpiryDays } from './link-defaults';

function SwitchRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{description}</span>
      </span>
      <Switch checked={checked} onCheckedChange={onChange} aria-label={label} />
    </label>
  );
}

interface LinkDefaultsFormProps {
  defaults: LinkDefaults;
  /** The saved defaults are still on their way: the form waits for them. */
  loading?: boolean;
  onSave: (defaults: LinkDefaults) => Promise<boolean>;
}

export function LinkDefaultsForm({ defaults, loading = false, onSave }: LinkDefaultsFormProps) {
  const [requirePasscode, setRequirePasscode] = useState(defaults.requirePasscode);
  const [allowDownloads, setAllowDownloads] = useState(defaults.allowDownloads);
  const [expiryText, setExpiryText] = useState(String(defaults.expiryDays));
  const [expiryError, setExpiryError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (event?: BaseSyntheticEvent) => {
    event?.preventDefault();
    const expiry = parseExpiryDays(expiryText);
    if (!expiry.ok) {
      setExpiryError(expiry.error);
      return;
    }
    // A value that was not a number shows the 30 days it fell back to.
    setExpiryText(String(expiry.days));
    setSaving(true);
    try {
      await onSave({ requirePasscode, allowDownloads, expiryDays: expiry.days });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Client Link Settings</CardTitle>
        <CardDescription>
          Every new client link starts with these, on all your devices. You can still change each
          link.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={formSubmit(save)} className="grid gap-4" aria-busy={loading}>
          <div className="grid gap-3 sm:grid-cols-2">
            <SwitchRow
              label="Require passcode"
              description="New links get a random 6-digit passcode."
              checked={requirePasscode}
              onChange={setRequirePasscode}
            />
            <SwitchRow
              label="Allow downloads"
              description="Clients may download one photo or all of them."
              checked={allowDownloads}
              onChange={setAllowDownloads}
            />
          </div>
          <FormField
            label="Default expiry (days)"
            error={expiryError}
            hint={`${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS} days`}
            className="sm:max-w-56"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={MIN_EXPIRY_DAYS}
              max={MAX_EXPIRY_DAYS}
              step={1}
              value={expiryText}
              onChange={(event) => {
                setExpiryText(event.target.value);
                setExpiryError(undefined);
              }}
            />
          </FormField>
          <div className="flex justify-end border-t pt-5">
            <Button type="submit" className="w-full sm:w-auto" disabled={loading || saving}>
              <Save aria-hidden /> Save Defaults
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
