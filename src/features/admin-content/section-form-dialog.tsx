import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { PageContentRow, SectionName } from '@/lib/backend/database.types';
import { useChosenImage } from '@/offline/outbox/use-chosen-image';
import { Input } from '@/ui/input';
import { ListFormDialog } from '@/ui/list-editor/list-form-dialog';
import { useDialogForm } from '@/ui/use-dialog-form';
import {
  imageHint,
  sectionFormValues,
  sectionSchema,
  toSectionFields,
  type SectionFields,
  type SectionFormValues,
} from './section-form';
import { SectionLookFields, SectionNameField, SectionTextFields } from './section-form-fields';
import { SectionImageField } from './section-image-field';

const SECTION_IMAGE = {
  objectName: (extension: string) => `content-${crypto.randomUUID()}.${extension}`,
  toasts: { success: 'Image uploaded', failure: 'Failed to upload image' },
};

interface SectionFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The section being edited (its name is locked); none to add one. */
  section?: PageContentRow;
  /** `waitFor`: the image upload the save must wait for, if one was chosen here. */
  onSubmit: (
    sectionName: SectionName,
    fields: SectionFields,
    waitFor: string[],
  ) => Promise<boolean>;
}

/** Add or edit a home page section (SPEC §2, §5): every field but the name is optional. */
export function SectionFormDialog({
  open,
  onOpenChange,
  section,
  onSubmit,
}: SectionFormDialogProps) {
  const form = useDialogForm<SectionFormValues, PageContentRow>({
    open,
    row: section,
    values: sectionFormValues,
    resolver: zodResolver(sectionSchema),
  });
  const { errors } = form.formState;
  const editing = section !== undefined;
  const setImage = (url: string) =>
    form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
  const image = useChosenImage(SECTION_IMAGE, (url) => setImage(url ?? ''));
  const [imageUrl, sectionName] = useWatch({
    control: form.control,
    name: ['imageUrl', 'sectionName'],
  });
  const previewUrl = image.previewOf(imageUrl);
  const { forget } = image;

  useEffect(() => {
    if (open) forget(); // an image chosen before is not this opening's
  }, [open, forget]);

  return (
    <ListFormDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      editing={editing}
      noun="Section"
      description={{
        add: 'A block of text, with an optional button and image, on the home page.',
        edit: 'Change what this section of the home page says.',
      }}
      activeHint="Hidden sections stay here but are not shown on the home page."
      size="wide"
      onSave={(values) =>
        onSubmit(
          values.sectionName as SectionName,
          toSectionFields(values),
          image.waitFor(values.imageUrl.trim()),
        )
      }
    >
      <SectionNameField form={form} editing={editing} />
      <SectionTextFields form={form} editing={editing} />
      <SectionImageField
        previewUrl={previewUrl}
        hasImage={imageUrl.trim() !== ''}
        hint={imageHint(sectionName)}
        onUpload={(file) => void image.choose(file, form.getValues('imageUrl'))}
        onPick={(url) => {
          image.forget();
          setImage(url);
        }}
        onRemove={() => {
          image.forget();
          setImage('');
        }}
        error={errors.imageUrl?.message}
        addressField={
          <Input
            aria-label="Image address"
            type="url"
            placeholder="https://…"
            autoCapitalize="off"
            spellCheck={false}
            {...form.register('imageUrl')}
          />
        }
      />
      <SectionLookFields form={form} />
    </ListFormDialog>
  );
}
