import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { ChoiceField } from './choice-field';
import { SwitchField } from './controls';

/** A control bound to one field of a react-hook-form form, whose value is a `Value`. */
export interface BoundField<Form extends FieldValues, Value> {
  control: Control<Form>;
  name: FieldPathByValue<Form, Value>;
}

/** The bound field's value and setter, typed by what the field holds. */
export function useBoundValue<Form extends FieldValues, Value>({
  control,
  name,
}: BoundField<Form, Value>) {
  const { field } = useController({ control, name });
  return { value: field.value as Value, onChange: field.onChange as (value: Value) => void };
}

/** SwitchField bound to a yes/no field; `onChanged` runs after the field takes the new value. */
export function FormSwitch<Form extends FieldValues>({
  label,
  hint,
  disabled,
  onChanged,
  ...bound
}: BoundField<Form, boolean> & {
  label: string;
  hint?: string;
  disabled?: boolean;
  onChanged?: (checked: boolean) => void;
}) {
  const { value, onChange } = useBoundValue(bound);
  return (
    <SwitchField
      label={label}
      hint={hint}
      disabled={disabled}
      checked={value}
      onCheckedChange={(checked) => {
        onChange(checked);
        onChanged?.(checked);
      }}
    />
  );
}

/** ChoiceField bound to a field that holds one of fixed choices. */
export function FormChoice<Form extends FieldValues, Value extends string>({
  label,
  hint,
  choices,
  ...bound
}: BoundField<Form, Value> & {
  label: string;
  hint?: string;
  choices: ReadonlyArray<{ value: Value; label: string }>;
}) {
  const { value, onChange } = useBoundValue(bound);
  return (
    <ChoiceField label={label} hint={hint} value={value} onChange={onChange} choices={choices} />
  );
}
