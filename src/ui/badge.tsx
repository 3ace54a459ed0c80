import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'success' | 'destructive' | 'outline' | 'pending';

/** A small rounded label; its look is in src/ui/components.css. */
export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn('badge', `badge-${tone}`, className)} {...props} />;
}
