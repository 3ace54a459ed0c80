import { Download, Eye, Heart, Images } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/lib/navigation/navigation';
import type { LinkActivity } from '@/lib/backend/database.types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';

const ICONS = {
  opened: Eye,
  downloaded: Download,
  downloaded_all: Images,
  favourited: Heart,
} as const;

/** What happened, in words: 'Opened', '1 photo downloaded', 'All photos downloaded', 'Mia added 3 favourites'. */
export function activityText(
  event: Pick<LinkActivity, 'kind' | 'client_name' | 'quantity'>,
): string {
  switch (event.kind) {
    case 'opened':
      return 'Opened by your client';
    case 'downloaded':
      return 'A photo downloaded';
    case 'downloaded_all':
      return 'All photos downloaded';
    case 'favourited':
      return `${event.client_name ?? 'Your client'} added ${event.quantity} ${event.quantity === 1 ? 'favourite' : 'favourites'}`;
  }
}

/** When, as the photographer says it: 'just now', '5 min ago', '3 h ago', or the day. */
function whenText(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(
    new Date(iso),
  );
}

/** The dashboard's 'Recent activity': the latest ten events on client links, naming the collection. */
export function RecentActivity({
  events,
  loading,
}: {
  events: LinkActivity[] | undefined;
  loading: boolean;
}) {
  // One moment for every line, fixed when the card appears.
  const [now] = useState(() => Date.now());
  return (
    <Card className="mt-8" data-testid="recent-activity">
      <CardHeader>
        <CardTitle>Recent activity</CardTitle>
        <CardDescription>What your clients did with their links.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : !events || events.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing yet. When a client opens a link, downloads or picks favourites, it shows here.
          </p>
        ) : (
          <ul className="grid gap-3">
            {events.map((event) => {
              const Icon = ICONS[event.kind];
              return (
                <li key={event.id} className="flex items-center gap-3 text-sm">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary">
                    <Icon className="size-4 text-muted-foreground" aria-hidden />
                  </span>
                  <span className="min-w-0 flex-1">
                    <Link
                      to={`/admin/albums/${event.album_id}`}
                      className="font-medium hover:underline"
                    >
                      {event.album_name}
                    </Link>
                    <span className="text-muted-foreground"> · {activityText(event)}</span>
                  </span>
                  <time
                    dateTime={event.created_at}
                    className="shrink-0 text-xs text-muted-foreground"
                  >
                    {whenText(event.created_at, now)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
