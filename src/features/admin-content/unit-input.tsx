import type { ComponentProps } from 'react';
import { Input } from '@/ui/input';

/** A number field with its unit ('px', '%') shown inside, at the right edge. */
export function UnitInput({ unit, ...props }: ComponentProps<'input'> & { unit: string }) {
  return (
    <div className="relative">
      <Input type="number" inputMode="numeric" className="pr-10 tabular-nums" {...props} />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground"
      >
        {unit}
      </span>
    </div>
  );
}
