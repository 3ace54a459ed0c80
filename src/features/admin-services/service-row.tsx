import { ListChecks, Tag } from 'lucide-react';
import { cn } from '@/ui/cn';
import type { RowControls } from '@/ui/list-editor/list-editor-page';
import { ListRow } from '@/ui/list-editor/list-row';
import { ServiceIcon } from '@/ui/service-icon';
import { featureCount } from './service-form';
import type { ShownService } from './use-services';

/** One package: icon, names, price, description, feature count, state, its eye, edit and delete buttons, and Move up / Move down. */
export function ServiceRow({ service, ...controls }: { service: ShownService } & RowControls) {
  const active = service.is_active;
  return (
    <ListRow
      {...controls}
      className="flex h-full flex-col p-4 sm:p-5"
      data-testid="service-row"
      noun="service"
      name={service.name}
      row={service}
      lead={
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
      }
      bodyClassName="mt-2 min-w-0 flex-1"
    >
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
    </ListRow>
  );
}
