import { NativeSelect } from './controls';
import { FormField } from './form-field';

/** A labelled drop-down of fixed choices (a setting of a gallery or collection, say). */
export function ChoiceField<Value extends string>({
  label,
  hint,
  value,
  onChange,
  choices,
}: {
  label: string;
  hint?: string;
  value: Value;
  onChange: (value: Value) => void;
  choices: ReadonlyArray<{ value: Value; label: string }>;
}) {
  return (
    <FormField label={label} hint={hint}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {choices.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
