import { Copy, Heart, Link2, Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/ui/card';
import { ActionMenu } from '@/ui/dropdown-menu';
import { shortDate } from '@/ui/format';
import { clientLinkUrl } from '@/lib/share-link';
import { LinkBadges } from './link-badges';
import type { ShownLink } from './links-overlay';

interface LinkRowProps {
  link: ShownLink;
  now: Date;
  onCopy: () => void;
  onViewFavourites: () => void;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

function Detail({
  term,
  children,
  className,
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ?? 'flex gap-1.5'}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

/** How many photos the link's clients picked ('1 favourite', 'N favourites'), or that picking is off. */
function favouritesText(link: ShownLink): string {
  if (!link.allow_favourites && link.favourite_count === 0) return 'Favourites off';
  return `${link.favourite_count} ${link.favourite_count === 1 ? 'favourite' : 'favourites'}`;
}

/** 'Opened N times' with when last ('Never opened' when 0). */
function openedText(link: ShownLink): string {
  if (link.opened_count === 0 || !link.last_opened_at) return 'Never opened';
  return `Opened ${link.opened_count} ${link.opened_count === 1 ? 'time' : 'times'} · last ${shortDate(link.last_opened_at)}`;
}

/** One client link: its collection, created date, badges, downloads, expiry and its menu (SPEC §2). */
export function LinkRow({
  link,
  now,
  onCopy,
  onViewFavourites,
  onEdit,
  onToggleActive,
  onDelete,
}: LinkRowProps) {
  // The whole address a client opens, as Copy Link copies it.
  const url = clientLinkUrl(link.access_token);
  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid="link-row" data-link-id={link.id}>
      <div className="flex items-start gap-4">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-secondary sm:flex">
          <Link2 className="size-4 text-muted-foreground" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate font-heading text-lg leading-snug">{link.album_name}</h2>
              <p className="text-xs text-muted-foreground">Created {shortDate(link.created_at)}</p>
            </div>
            <ActionMenu
              label={`Actions for the link to ${link.album_name}`}
              className="-mr-2 -mt-1"
              actions={[
                { label: 'Copy Link', icon: <Copy aria-hidden />, onSelect: onCopy },
                {
                  label: 'View Favourites',
                  icon: <Heart aria-hidden />,
                  onSelect: onViewFavourites,
                },
                { label: 'Edit', icon: <Pencil aria-hidden />, onSelect: onEdit },
                link.is_active
                  ? {
                      label: 'Deactivate',
                      icon: <PowerOff aria-hidden />,
                      onSelect: onToggleActive,
                    }
                  : { label: 'Activate', icon: <Power aria-hidden />, onSelect: onToggleActive },
                {
                  label: 'Delete',
                  icon: <Trash2 aria-hidden />,
                  onSelect: onDelete,
                  destructive: true,
                },
              ]}
            />
          </div>
          <div className="mt-3">
            <LinkBadges link={link} now={now} />
          </div>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1.5 border-t pt-3 text-sm">
            <Detail term="Downloads">
              {link.allow_downloads
                ? link.download_size === 'web'
                  ? 'Web size'
                  : 'Allowed'
                : 'Disabled'}
            </Detail>
            <Detail term="Expiry date">
              {link.expires_at ? shortDate(link.expires_at) : 'No expiry'}
            </Detail>
            <div className="flex gap-1.5">
              <dt className="sr-only">Favourites</dt>
              <dd className="font-medium">{favouritesText(link)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">Opened</dt>
              <dd className="font-medium">{openedText(link)}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">Download count</dt>
              <dd className="font-medium">
                {link.download_count} {link.download_count === 1 ? 'download' : 'downloads'}
              </dd>
            </div>
            <Detail term="Link" className="flex min-w-0 basis-full gap-1.5 lg:basis-0 lg:flex-1">
              <span
                className="block truncate font-mono text-xs leading-5 text-muted-foreground"
                title={url}
              >
                {url}
              </span>
            </Detail>
          </dl>
        </div>
      </div>
    </Card>
  );
}
