import { X } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';

interface DateInputWithClearProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  onClear: () => void;
  clearLabel: string;
}

/**
 * A native date input with a button that empties it: phones' date pickers often have no
 * way back to "no date". Takes FormField's id and aria props onto the input itself.
 */
export function DateInputWithClear({
  onClear,
  clearLabel,
  value,
  className,
  ...props
}: DateInputWithClearProps) {
  return (
    <div className="flex gap-2">
      <Input type="date" className={className ?? 'min-w-0 flex-1'} value={value} {...props} />
      <Button
        variant="outline"
        size="icon"
        aria-label={clearLabel}
        title={clearLabel}
        disabled={!value}
        onClick={onClear}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
