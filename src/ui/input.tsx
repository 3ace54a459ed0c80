import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Text fields; their look is in src/ui/components.css. A `ref` reaches the element (React 19). */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('field field-input', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('field field-textarea', className)} {...props} />;
}
