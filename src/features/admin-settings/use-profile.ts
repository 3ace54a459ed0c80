import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { readProfile } from '@/lib/backend/profile';
import { usePendingFor } from '@/offline/outbox/outbox-provider';
import { useErrorToast } from '@/ui/use-error-toast';
import { overlayProfile } from './profile-form';
import { settingsKeys } from './settings-keys';

/** The photographer's profile, with a save still waiting in the outbox applied. */
export function useProfile() {
  const backend = useBackend();
  const query = useQuery({ queryKey: settingsKeys.profile(), queryFn: () => readProfile(backend) });
  useErrorToast(query.error, 'Failed to load profile');
  const pending = usePendingFor('profile');
  const profile = useMemo(() => overlayProfile(query.data ?? null, pending), [query.data, pending]);
  return {
    profile,
    isPending: query.isPending && pending.length === 0,
    /** Loading failed and nothing is known: saving now could wipe the stored profile. */
    isUnavailable: query.isError && query.data === undefined && pending.length === 0,
    retry: () => void query.refetch(),
    syncState:
      pending.length === 0
        ? null
        : pending.some((item) => item.status === 'failed')
          ? ('failed' as const)
          : ('pending' as const),
  };
}
