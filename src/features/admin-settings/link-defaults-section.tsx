import { useSubmitChange } from '@/offline/outbox/outbox-provider';
import { newChange } from '@/offline/outbox/registry';
import { useLinkDefaults } from '@/offline/outbox/use-link-defaults';
import type { LinkDefaults } from '@/lib/backend/link-defaults';
import { LinkDefaultsForm } from './link-defaults-form';

/**
 * Default Client Link Settings, kept in site_settings through the outbox: every new link (the
 * link dialog, a collection's Share) starts with them, on every device of the photographer.
 * This departs from SPEC §2's "persists nothing" on purpose (README, decisions).
 */
export function LinkDefaultsSection() {
  const { defaults, isPending } = useLinkDefaults();
  const submit = useSubmitChange();
  const save = async (next: LinkDefaults) => {
    const result = await submit(newChange('link-defaults.save', next), {
      success: 'Defaults saved',
      successDescription: 'New client links start with these settings.',
      failure: 'Failed to save defaults',
      preferServerMessage: true,
    });
    return result !== 'failed';
  };
  // Keyed by the saved values: the form starts over with them once they arrive (or change on
  // another device and are refetched).
  const saved = `${defaults.requirePasscode}-${defaults.allowDownloads}-${defaults.expiryDays}`;
  return <LinkDefaultsForm key={saved} defaults={defaults} loading={isPending} onSave={save} />;
}
