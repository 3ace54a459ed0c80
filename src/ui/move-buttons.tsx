import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

interface MoveButtonsProps {
  /** What the row is called, for the buttons' names: 'Move up Hero'. */
  name: string;
  /** The row's place in the list, from 1, and the list's length. */
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  className?: string;
}

/**
 * A row's place in its list ('2 of 3') with Move up and Move down, disabled at the ends: how
 * the photographer orders sections, services and testimonials (src/lib/reorder.ts writes it).
 */
export function MoveButtons({ name, position, count, onMove, className }: MoveButtonsProps) {
  // A finger's 44 px on phones; the usual 40 px where a pointer aims (as RowActions).
  const size = 'size-11 sm:size-10';
  return (
    <div className={cn('flex items-center justify-between gap-2', className)}>
      <p className="text-xs text-muted-foreground tabular-nums" data-testid="row-position">
        {position} of {count}
      </p>
      <div className="-mr-2 flex items-center">
        <Button
          variant="ghost"
          size="icon"
          className={size}
          disabled={position === 1}
          onClick={() => onMove(-1)}
          aria-label={`Move up ${name}`}
          title="Move up"
        >
          <ArrowUp aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={size}
          disabled={position === count}
          onClick={() => onMove(1)}
          aria-label={`Move down ${name}`}
          title="Move down"
        >
          <ArrowDown aria-hidden />
        </Button>
      </div>
    </div>
  );
}
