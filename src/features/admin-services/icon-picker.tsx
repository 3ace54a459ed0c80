import type { UseFormRegisterReturn } from 'react-hook-form';
import { SERVICE_ICONS } from './service-form';
import { ServiceIcon } from '@/ui/service-icon';

/** Choose the package's icon from the spec's four, each shown as itself (native radios: keyboard-ready). */
export function IconPicker({ field }: { field: UseFormRegisterReturn<'iconName'> }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">Icon</legend>
      <div className="grid grid-cols-4 gap-2">
        {SERVICE_ICONS.map((name) => (
          <label
            key={name}
            className="flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 py-3 text-xs font-medium text-muted-foreground transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:checked]:text-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40"
          >
            <input type="radio" value={name} className="sr-only" {...field} />
            <ServiceIcon name={name} className="size-5" strokeWidth={1.75} aria-hidden />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
