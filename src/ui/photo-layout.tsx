import type { PhotoLayout } from '@/lib/backend/database.types';
import { NativeSelect } from './controls';
import { FormField } from './form-field';

/** The choices, as the photographer reads them. */
export const PHOTO_LAYOUT_CHOICES: ReadonlyArray<{ value: PhotoLayout; label: string }> = [
  { value: 'square', label: 'Grid: Square' },
  { value: 'whole', label: 'Grid: Whole photos' },
];

/** 'Photo layout': the square grid, or whole photos in rows (src/ui/photos/photo-rows.ts), for a public gallery or collection. */
export function PhotoLayoutField({ value, onChange, hint }: { value: PhotoLayout; onChange: (value: PhotoLayout) => void; hint?: string }) {
  return (
    <FormField label="Photo layout" hint={hint}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value as PhotoLayout)}>
        {PHOTO_LAYOUT_CHOICES.map((entry) => (
          <option key={entry.value} value={entry.value}>
            {entry.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
