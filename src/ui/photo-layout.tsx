import type { PhotoLayout } from '@/lib/backend/database.types';
import type { FieldValues } from 'react-hook-form';
import { FormChoice, type BoundField } from './form-controls';

/** The choices, as the photographer reads them. */
export const PHOTO_LAYOUT_CHOICES: ReadonlyArray<{ value: PhotoLayout; label: string }> = [
  { value: 'square', label: 'Grid: Square' },
  { value: 'whole', label: 'Grid: Whole photos' },
];

/** 'Photo layout': the square grid, or whole photos in rows (src/ui/photos/photo-rows.ts), for a public gallery or collection. */
export function PhotoLayoutField<Form extends FieldValues>(
  props: BoundField<Form, PhotoLayout> & { hint?: string },
) {
  return <FormChoice label="Photo layout" choices={PHOTO_LAYOUT_CHOICES} {...props} />;
}
