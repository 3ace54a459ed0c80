import { LogOut, Monitor, Smartphone } from 'lucide-react';
import type { AdminSession } from '@/lib/backend/database.types';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { shortDate } from '@/ui/format';
import { notify } from '@/ui/toast';
import { accountFailureMessage } from './account-messages';
import { deviceLabel, isMobileDevice } from './device-label';
import { useAdminSessions, useRevokeOtherSessions, useRevokeSession } from './use-account';

/**
 * Signed-in devices (docs/SECURITY.md, "Sessions"): every browser signed in as this admin, and
 * a way to sign any other one out, or all of them at once. Online only, like the rest of
 * Account Security.
 */
export function SignedInDevicesPanel({ offline }: { offline: boolean }) {
  const query = useAdminSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const sessions = query.data ?? [];
  const others = sessions.filter((session) => !session.is_current).length;

  const signOut = async (session: AdminSession) => {
    try {
      await revoke.mutateAsync(session.id);
      notify.success(
        'Device signed out',
        `${deviceLabel(session.user_agent)} can no longer use the admin area.`,
      );
    } catch (error) {
      notify.error(accountFailureMessage(error, 'Failed to sign out that device'));
    }
  };
  const signOutOthers = async () => {
    try {
      const count = await revokeOthers.mutateAsync();
      notify.success(
        'Signed out everywhere else',
        count === 1 ? '1 other device was signed out.' : `${count} other devices were signed out.`,
      );
    } catch (error) {
      notify.error(accountFailureMessage(error, 'Failed to sign out the other devices'));
    }
  };

  return (
    <section aria-labelledby="signed-in-devices-title">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="signed-in-devices-title" className="font-heading text-base">
            Signed-in Devices
          </h3>
          <p className="text-sm text-muted-foreground">
            Where you are signed in. Sign out any device you do not recognise.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={offline || others === 0 || revokeOthers.isPending}
          onClick={() => void signOutOthers()}
        >
          <LogOut aria-hidden /> Sign Out All Other Devices
        </Button>
      </div>
      {query.isPending ? (
        <p role="status" className="py-4 text-sm text-muted-foreground">
          Loading devices...
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Signed-in devices">
          {sessions.map((session) => {
            const label = deviceLabel(session.user_agent);
            const Icon = isMobileDevice(session.user_agent) ? Smartphone : Monitor;
            return (
              <li
                key={session.id}
                className="flex min-h-16 items-center gap-3 px-3 py-2.5 sm:px-4"
                data-testid="session-row"
              >
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
                >
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                    <span className="truncate">{label}</span>
                    {session.is_current && <Badge tone="success">This device</Badge>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Signed in {shortDate(session.created_at)}
                    {session.source ? ` from ${session.source}` : ''}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Last active {shortDate(session.last_used_at)}
                  </p>
                </div>
                {!session.is_current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={offline || revoke.isPending}
                    aria-label={`Sign out ${label}, signed in ${shortDate(session.created_at)}`}
                    onClick={() => void signOut(session)}
                  >
                    Sign Out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
