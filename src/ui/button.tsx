import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

/**
 * The button look (src/ui/components.css) for any element, e.g. a link that looks like a
 * button; classes given in `className` win over it.
 */
export function buttonClasses(
  { variant = 'default', size = 'default' }: { variant?: ButtonVariant; size?: ButtonSize },
  className?: string,
): string {
  return cn('btn', `btn-${variant}`, `btn-size-${size}`, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClasses({ variant, size }, className)}
      {...props}
    />
  );
}
