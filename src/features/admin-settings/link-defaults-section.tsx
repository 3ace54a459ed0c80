import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/ui/button';
import { Switch } from '@/ui/controls';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { notify } from '@/ui/toast';
import { INITIAL_LINK_DEFAULTS, MAX_EXPIRY_DAYS, MIN_EXPIRY_DAYS, parseExpiryDays } from './link-defaults';

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

/**
 * Default Client Link Settings. 'Save Defaults' persists nothing and makes no call (SPEC §2,
 * §7): the values live in this component's state only.
 */
export function LinkDefaultsSection() {
  const [requirePasscode, setRequirePasscode] = useState(INITIAL_LINK_DEFAULTS.requirePasscode);
  const [allowDownloads, setAllowDownloads] = useState(INITIAL_LINK_DEFAULTS.allowDownloads);
  const [expiryText, setExpiryText] = useState(String(INITIAL_LINK_DEFAULTS.expiryDays));
  const [expiryError, setExpiryError] = useState<string>();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiryDays(expiryText);
    if (!expiry.ok) return setExpiryError(expiry.error);
    // A value that was not a number shows the 30 days it fell back to.
    setExpiryText(String(expiry.days));
    notify.success('Defaults saved for this session');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Client Link Settings</CardTitle>
        <CardDescription>Starting values for new client links. Nothing is stored: they last only while this page is open.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={save} className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <SwitchRow
              label="Require passcode"
              description="Clients enter a passcode before they see photos."
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
            <Button type="submit" className="w-full sm:w-auto">
              <Save aria-hidden /> Save Defaults
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
