import type { PhotoLayout } from '@/lib/backend/database.types';
import { ChoiceField } from './choice-field';

/** The choices, as the photographer reads them. */
export const PHOTO_LAYOUT_CHOICES: ReadonlyArray<{ value: PhotoLayout; label: string }> = [
  { value: 'square', label: 'Grid: Square' },
  { value: 'whole', label: 'Grid: Whole photos' },
];

/** 'Photo layout': the square grid, or whole photos in rows (src/ui/photos/photo-rows.ts), for a public gallery or collection. */
export function PhotoLayoutField({
  value,
  onChange,
  hint,
}: {
  value: PhotoLayout;
  onChange: (value: PhotoLayout) => void;
  hint?: string;
}) {
  return (
    <ChoiceField
      label="Photo layout"
      hint={hint}
      value={value}
      onChange={onChange}
      choices={PHOTO_LAYOUT_CHOICES}
    />
  );
}
