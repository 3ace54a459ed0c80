import { Plus, X } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import type { ServiceFormValues } from './service-form';

/** The package's features, one per line; a line can be removed only while there are others (SPEC §5). */
export function FeatureLinesField({ form }: { form: UseFormReturn<ServiceFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'features' });
  const errors = form.formState.errors.features;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Features</legend>
      <ul className="grid gap-2" data-testid="feature-lines">
        {fields.map((field, index) => {
          const error = errors?.[index]?.value?.message;
          return (
            <li key={field.id}>
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Feature ${index + 1}`}
                  aria-invalid={error ? true : undefined}
                  placeholder={index === 0 ? 'e.g. 40+ edited photos' : undefined}
                  {...form.register(`features.${index}.value`)}
                />
                {fields.length > 1 && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove feature ${index + 1}`}
                    title="Remove feature"
                    className="size-11 shrink-0 text-muted-foreground sm:size-10"
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                )}
              </div>
              {error && (
                <p role="alert" className="mt-1 text-sm text-destructive">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {errors?.root?.message && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <Button
          variant="outline"
          size="sm"
          className="h-11 sm:h-9"
          onClick={() => append({ value: '' })}
        >
          <Plus aria-hidden /> Add Feature
        </Button>
        <p className="text-xs text-muted-foreground">
          The home page shows the first three; empty lines are left out.
        </p>
      </div>
    </fieldset>
  );
}
