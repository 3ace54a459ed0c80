import type { CSSProperties, ReactNode } from 'react';
import { cn } from '@/ui/cn';

interface OptionCardProps {
  /** The radio group's name. */
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  /** The accessible name of the choice. */
  label: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * One choice of a radio group drawn as a card (background styles, fonts). A real radio
 * input covers the card, so the keyboard, screen readers and clicks all work natively.
 */
export function OptionCard({
  name,
  value,
  checked,
  onSelect,
  label,
  className,
  style,
  children,
}: OptionCardProps) {
  return (
    <label
      style={style}
      className={cn(
        'relative flex min-w-0 cursor-pointer flex-col rounded-lg border bg-card p-2 transition-colors hover:border-ring/60',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
        checked && 'border-primary ring-1 ring-primary',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        aria-label={label}
        className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-lg opacity-0"
      />
      {children}
    </label>
  );
}
