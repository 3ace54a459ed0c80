import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const tones = {
  neutral: 'border-border bg-secondary text-secondary-foreground',
  success: 'border-transparent bg-success/12 text-success',
  destructive: 'border-transparent bg-destructive/12 text-destructive',
  outline: 'border-border bg-transparent text-muted-foreground',
  pending: 'border-amber-300/60 bg-amber-50 text-amber-800',
} as const;

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium [&_svg]:size-3', tones[tone], className)}
      {...props}
    />
  );
}
