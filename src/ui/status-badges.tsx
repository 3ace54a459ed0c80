import { CloudOff, Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { Badge } from './badge';
import { Button } from './button';
import { cn } from './cn';

/** 'Pending' while a change waits in the outbox; 'Not saved' (with the reason) once refused. */
export function PendingBadge({
  pending,
  syncError,
  className,
}: {
  pending?: boolean;
  syncError?: string;
  className?: string;
}) {
  if (!pending) return null;
  return (
    <Badge tone={syncError ? 'destructive' : 'pending'} title={syncError} className={className}>
      <CloudOff aria-hidden /> {syncError ? 'Not saved' : 'Pending'}
    </Badge>
  );
}

/** Whether visitors see an item (a page section, a service package). */
export function VisibilityBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge tone="success">
      <Eye aria-hidden /> Active
    </Badge>
  ) : (
    <Badge tone="outline">
      <EyeOff aria-hidden /> Hidden
    </Badge>
  );
}

interface RowActionsProps {
  /** What the row is, for the buttons' names: 'section' → 'Hide section', 'Edit section'… */
  noun: string;
  active: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}

/** The eye (show/hide), edit and delete buttons of a list row (SPEC §2: content, services). */
export function RowActions({
  noun,
  active,
  onToggle,
  onEdit,
  onDelete,
  className,
}: RowActionsProps) {
  const toggleLabel = `${active ? 'Hide' : 'Show'} ${noun}`;
  // A finger's 44 px on phones; the usual 40 px where a pointer aims.
  const size = 'size-11 sm:size-10';
  return (
    <div className={cn('flex shrink-0 items-center', className)}>
      <Button
        variant="ghost"
        size="icon"
        className={size}
        onClick={onToggle}
        aria-label={toggleLabel}
        title={toggleLabel}
      >
        {active ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={size}
        onClick={onEdit}
        aria-label={`Edit ${noun}`}
        title={`Edit ${noun}`}
      >
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={onDelete}
        aria-label={`Delete ${noun}`}
        title={`Delete ${noun}`}
        className={cn(size, 'text-muted-foreground hover:bg-destructive/10 hover:text-destructive')}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
