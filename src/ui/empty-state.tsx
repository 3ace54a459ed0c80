import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a screen shows when it has nothing yet, with the way to start. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-secondary">
        <Icon className="size-6 text-muted-foreground" aria-hidden />
      </span>
      <h2 className="text-xl">{title}</h2>
      {description && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
