import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from '@/lib/schema';
import { Checkbox } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input, Textarea } from '@/ui/input';
import { useUnsavedChanges } from '@/ui/unsaved-changes';
import { VisitorDownloadsField } from '@/ui/visitor-downloads';
import type { PhotoLayout, VisitorDownloads } from '@/lib/backend/database.types';
import { PhotoLayoutField } from '@/ui/photo-layout';
import type { ShownGallery } from './galleries-overlay';
import { ALL_COLLECTIONS } from '@/ui/photos/photo-choices';
import { PhotoPicker } from './photo-picker';
import { SelectedOrder } from './selected-order';
import { useInitialSelection } from './use-initial-selection';
import { usePickerPhotos } from './use-picker-photos';

const gallerySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  description: z.string().max(5000, 'At most 5000 characters'),
  isActive: z.boolean(),
  visitorDownloads: z.enum(['off', 'web', 'original']),
  photoLayout: z.enum(['square', 'whole']),
});
type GalleryFormValues = z.infer<typeof gallerySchema>;

export interface GalleryFormResult {
  title: string;
  /** Null when empty (SPEC §5). */
  description: string | null;
  isActive: boolean;
  visitorDownloads: VisitorDownloads;
  photoLayout: PhotoLayout;
  /** In the order the admin picked them: the gallery's order. */
  photoIds: string[];
}

interface GalleryFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gallery being edited; none to create one. */
  gallery?: ShownGallery;
  onSubmit: (values: GalleryFormResult) => Promise<boolean>;
}

/** Create or edit a public gallery: title, Active, description and its photos (SPEC §2, §5). */
export function GalleryFormDialog({
  open,
  onOpenChange,
  gallery,
  onSubmit,
}: GalleryFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      title={gallery ? 'Edit Public Gallery' : 'Create Public Gallery'}
      description={
        gallery
          ? 'Change the details or the photos of this gallery.'
          : 'Curate photos from any collection into a gallery for visitors.'
      }
    >
      {/* The dialog's content mounts on each opening, so every form starts fresh. */}
      <GalleryFormLoader
        gallery={gallery}
        onSubmit={onSubmit}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

interface FormProps {
  gallery?: ShownGallery;
  onSubmit: (values: GalleryFormResult) => Promise<boolean>;
  onClose: () => void;
}

function GalleryFormLoader(props: FormProps) {
  const initial = useInitialSelection(props.gallery?.id);
  if (!initial.ready) {
    return (
      <div
        role="status"
        className="flex h-96 items-center justify-center gap-2 text-sm text-muted-foreground"
      >
        <LoaderCircle className="size-4 animate-spin" aria-hidden /> Loading gallery...
      </div>
    );
  }
  return <GalleryForm {...props} initialSelection={initial.photoIds} />;
}

function GalleryForm({
  gallery,
  initialSelection,
  onSubmit,
  onClose,
}: FormProps & { initialSelection: string[] }) {
  const picker = usePickerPhotos();
  const [picked, setPicked] = useState(initialSelection);
  const [filter, setFilter] = useState(ALL_COLLECTIONS);
  const fieldId = useId();
  const form = useForm<GalleryFormValues>({
    resolver: zodResolver(gallerySchema),
    defaultValues: {
      title: gallery?.title ?? '',
      description: gallery?.description ?? '',
      isActive: gallery?.is_active ?? true,
      visitorDownloads: gallery?.visitor_downloads ?? 'web',
      photoLayout: gallery?.photo_layout ?? 'square',
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty || picked.join() !== initialSelection.join());

  // Photos deleted since they were picked are neither counted nor sent.
  const selected = useMemo(() => {
    if (picker.isPending) return picked;
    const available = new Set(picker.photos.map((photo) => photo.id));
    return picked.filter((id) => available.has(id));
  }, [picked, picker.isPending, picker.photos]);
  const shownFilter =
    filter === ALL_COLLECTIONS || picker.albums.some((album) => album.id === filter)
      ? filter
      : ALL_COLLECTIONS;

  const submit = form.handleSubmit(async (values) => {
    const description = values.description.trim();
    const done = await onSubmit({
      title: values.title.trim(),
      description: description === '' ? null : description,
      isActive: values.isActive,
      visitorDownloads: values.visitorDownloads,
      photoLayout: values.photoLayout,
      photoIds: selected,
    });
    if (done) onClose();
  });

  return (
    <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
      {/* Title, Photo layout and Active share a row on wider screens, so the picker and the buttons fit without scrolling. */}
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <FormField label="Title" error={errors.title?.message}>
          <Input placeholder="e.g. Autumn Portraits" autoFocus {...form.register('title')} />
        </FormField>
        <PhotoLayoutField control={form.control} name="photoLayout" />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <label
              title="Visitors can open this gallery and see it on the home page."
              className="flex h-10 cursor-pointer items-center gap-2.5 rounded-md border border-input bg-card px-3 sm:mt-[26px]"
            >
              <Checkbox
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                aria-labelledby={`${fieldId}-active`}
                aria-describedby={`${fieldId}-active-hint`}
              />
              <span id={`${fieldId}-active`} className="text-sm font-medium">
                Active
              </span>
              <span id={`${fieldId}-active-hint`} className="sr-only">
                Visitors can open this gallery and see it on the home page.
              </span>
            </label>
          )}
        />
      </div>
      {/* Description and Visitor downloads share a row on wider screens, for the same reason. */}
      <div className="grid gap-4 sm:grid-cols-[1fr_15rem] sm:items-start">
        <FormField label="Description" error={errors.description?.message}>
          <Textarea
            rows={2}
            className="min-h-16"
            placeholder="Optional: a line or two about these photos"
            {...form.register('description')}
          />
        </FormField>
        <VisitorDownloadsField
          control={form.control}
          name="visitorDownloads"
          hint="What visitors of this gallery may download."
        />
      </div>
      <PhotoPicker
        albums={picker.albums}
        photos={picker.photos}
        localThumbnails={picker.localThumbnails}
        loading={picker.isPending}
        filter={shownFilter}
        onFilterChange={setFilter}
        selected={selected}
        onSelectedChange={setPicked}
      />
      {selected.length > 1 && (
        <SelectedOrder
          photos={picker.photos}
          localThumbnails={picker.localThumbnails}
          selected={selected}
          onReorder={setPicked}
        />
      )}
      <FormActions
        submitLabel={gallery ? 'Update Gallery' : 'Create Gallery'}
        submitting={isSubmitting}
      />
    </form>
  );
}
