import { CalendarClock, CalendarX, CircleCheck, CirclePause, Lock } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { PendingBadge } from '@/ui/status-badges';
import { expiresIn, isExpired } from './link-rules';
import type { ShownLink } from './links-overlay';

/** A link's state at a glance: Active/Inactive, Protected, Expired or Expires (SPEC §2, §4). */
export function LinkBadges({ link, now }: { link: ShownLink; now: Date }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {link.is_active ? (
        <Badge tone="success">
          <CircleCheck aria-hidden /> Active
        </Badge>
      ) : (
        <Badge tone="outline">
          <CirclePause aria-hidden /> Inactive
        </Badge>
      )}
      {link.passcode !== null && (
        <Badge tone="neutral">
          <Lock aria-hidden /> Protected
        </Badge>
      )}
      {isExpired(link.expires_at, now) ? (
        <Badge tone="destructive">
          <CalendarX aria-hidden /> Expired
        </Badge>
      ) : (
        link.expires_at && (
          <Badge tone="outline">
            <CalendarClock aria-hidden /> Expires {expiresIn(link.expires_at, now)}
          </Badge>
        )
      )}
      <PendingBadge pending={link.pending} syncError={link.syncError} />
    </div>
  );
}
