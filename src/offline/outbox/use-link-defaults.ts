import { useQuery } from '@tanstack/react-query';
import type { AdminQueryKey } from '@/lib/admin-data';
import { useBackend } from '@/lib/backend/backend-context';
import {
  INITIAL_LINK_DEFAULTS,
  readLinkDefaults,
  type LinkDefaults,
} from '@/lib/backend/link-defaults';
import { useErrorToast } from '@/ui/use-error-toast';
import { waitingLinkDefaults } from './kinds/settings';
import { usePendingFor } from './outbox-provider';

export const linkDefaultsKey = () => ['admin', 'link-defaults'] as const satisfies AdminQueryKey;

/**
 * The photographer's saved link defaults, for Settings and for every screen that makes a link:
 * the server's, or the newest save still waiting in the outbox (defaults saved offline count
 * on this device at once). SPEC §9's defaults until the server has answered.
 */
export function useLinkDefaults(): { defaults: LinkDefaults; isPending: boolean } {
  const backend = useBackend();
  const saved = useQuery({ queryKey: linkDefaultsKey(), queryFn: () => readLinkDefaults(backend) });
  useErrorToast(saved.error, 'Failed to load link defaults');
  const waiting = waitingLinkDefaults(usePendingFor('link-defaults'));
  return {
    defaults: waiting ?? saved.data ?? INITIAL_LINK_DEFAULTS,
    isPending: waiting === undefined && saved.isPending,
  };
}
