import { ListChecks, Tag } from 'lucide-react';
import { Card } from '@/ui/card';
import { PendingBadge, RowActions, VisibilityBadge } from '@/ui/status-badges';
import { cn } from '@/ui/cn';
import { MoveButtons } from '@/ui/move-buttons';
import { featureCount } from './service-form';
import { ServiceIcon } from '@/ui/service-icon';
import type { ShownService } from './services-overlay';

interface ServiceRowProps {
  service: ShownService;
  /** Its place in the list, from 1, and the list's length: for '2 of 3' and the move buttons. */
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One package: icon, names, price, description, feature count, state, its eye, edit and delete buttons, and Move up / Move down. */
export function ServiceRow({
  service,
  position,
  count,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: ServiceRowProps) {
  const active = service.is_active;
  return (
    <Card className="flex h-full flex-col p-4 sm:p-5" data-testid="service-row">
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground',
              !active && 'opacity-60',
            )}
            title={service.icon_name}
          >
            <ServiceIcon
              name={service.icon_name}
              className="size-4"
              aria-label={`${service.icon_name} icon`}
              role="img"
            />
          </span>
          <VisibilityBadge active={active} />
          <PendingBadge pending={service.pending} syncError={service.syncError} />
        </div>
        <RowActions
          noun="service"
          active={active}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          className="-my-1.5 -mr-2"
        />
      </div>
      <div className={cn('mt-2 min-w-0 flex-1', !active && 'opacity-60')}>
        <h2 className="truncate font-heading text-lg" title={service.name}>
          {service.name}
        </h2>
        {service.whimsical_name && (
          <p className="truncate text-sm italic" title={service.whimsical_name}>
            {service.whimsical_name}
          </p>
        )}
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
          {service.description ?? 'No description'}
        </p>
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
          {service.price_range && (
            <span className="flex items-center gap-1.5" data-testid="service-price">
              <Tag aria-hidden /> {service.price_range}
            </span>
          )}
          <span className="flex items-center gap-1.5" data-testid="service-feature-count">
            <ListChecks aria-hidden /> {featureCount(service.features.length)}
          </span>
        </div>
      </div>
      <MoveButtons
        name={service.name}
        position={position}
        count={count}
        onMove={onMove}
        className="mt-3 -mb-1.5 border-t pt-2"
      />
    </Card>
  );
}
