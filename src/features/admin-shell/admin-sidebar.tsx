import { Camera, ExternalLink, LogOut } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link, usePathname } from '@/lib/navigation/navigation';
import { matchPattern } from '@/lib/routes/route-table';
import { cn } from '@/ui/cn';
import { ADMIN_NAVIGATION, type NavEntry } from './admin-navigation';

interface AdminSidebarProps {
  /** Icons only (the collapsed desktop sidebar). */
  compact: boolean;
  onNavigate?: () => void;
  onPreview: () => void;
  onSignOut: () => void;
}

function WithTooltip({
  label,
  show,
  children,
}: {
  label: string;
  show: boolean;
  children: ReactNode;
}) {
  if (!show) return children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

const itemClasses =
  'flex h-9 w-full items-center gap-3 rounded-md text-sm transition-colors hover:bg-accent hover:text-foreground [&_svg]:size-4 [&_svg]:shrink-0';

/** Classes given together never set the same property (class names are joined, not merged). */
const itemLayout = (compact: boolean) => (compact ? 'justify-center' : 'px-2.5');

/**
 * One entry. The active state is computed here (not by a className function) so the
 * class stays a plain string when the tooltip trigger merges props into the link.
 */
function SidebarLink({
  entry,
  compact,
  onNavigate,
}: {
  entry: NavEntry;
  compact: boolean;
  onNavigate?: () => void;
}) {
  const active = matchPattern(`${entry.to}/*`, usePathname()) !== null;
  const Icon = entry.icon;
  return (
    <WithTooltip label={entry.label} show={compact}>
      <Link
        to={entry.to}
        onClick={onNavigate}
        aria-label={compact ? entry.label : undefined}
        aria-current={active ? 'page' : undefined}
        className={cn(
          itemClasses,
          itemLayout(compact),
          active ? 'bg-accent font-medium text-foreground' : 'text-foreground/80',
        )}
      >
        <Icon aria-hidden />
        {!compact && <span className="truncate">{entry.label}</span>}
      </Link>
    </WithTooltip>
  );
}

/** The admin navigation: the spec's groups, then 'Preview Public Site' and 'Sign Out'. */
export function AdminSidebar({ compact, onNavigate, onPreview, onSignOut }: AdminSidebarProps) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <div className="flex h-full flex-col">
        <div
          className={cn(
            'flex h-14 items-center gap-2 border-b',
            compact ? 'justify-center' : 'px-3',
          )}
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Camera className="size-4" aria-hidden />
          </span>
          {!compact && <span className="truncate font-heading text-base">Studio Admin</span>}
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-2 py-3">
          {ADMIN_NAVIGATION.map(({ group, entries }) => (
            <div key={group} className="mb-4">
              {compact ? (
                <div className="mx-2 mb-2 border-t" aria-hidden />
              ) : (
                <p className="px-2.5 pb-1.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  {group}
                </p>
              )}
              <ul className="grid gap-0.5">
                {entries.map((entry) => (
                  <li key={entry.to}>
                    <SidebarLink entry={entry} compact={compact} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="grid gap-0.5 border-t px-2 py-3">
          <WithTooltip label="Preview Public Site" show={compact}>
            <button
              type="button"
              onClick={onPreview}
              aria-label={compact ? 'Preview Public Site' : undefined}
              className={cn(itemClasses, itemLayout(compact), 'text-foreground/80')}
            >
              <ExternalLink aria-hidden />
              {!compact && <span>Preview Public Site</span>}
            </button>
          </WithTooltip>
          <WithTooltip label="Sign Out" show={compact}>
            <button
              type="button"
              onClick={onSignOut}
              aria-label={compact ? 'Sign Out' : undefined}
              className={cn(itemClasses, itemLayout(compact), 'text-foreground/80')}
            >
              <LogOut aria-hidden />
              {!compact && <span>Sign Out</span>}
            </button>
          </WithTooltip>
        </div>
      </div>
    </Tooltip.Provider>
  );
}
