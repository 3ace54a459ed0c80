import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** Card parts; their look is in src/ui/components.css. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card-header', className)} {...props} />;
}

/**
 * A card's title: a level-2 heading, as a card sits under its screen's title (PageHeader's
 * <h1>), so heading levels never skip one; `as="h1"` where the card is the page itself (the login).
 */
export function CardTitle({
  as: Heading = 'h2',
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' }) {
  return <Heading className={cn('card-title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('card-description', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card-content', className)} {...props} />;
}
