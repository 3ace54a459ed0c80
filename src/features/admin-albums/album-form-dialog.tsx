import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch } from 'react-hook-form';
import { z } from '@/lib/schema';
import { FormSwitch } from '@/ui/form-controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { Input, Textarea } from '@/ui/input';
import { useDialogForm } from '@/ui/use-dialog-form';
import { VisitorDownloadsField } from '@/ui/visitor-downloads';
import type { PhotoLayout, VisitorDownloads } from '@/lib/backend/database.types';
import { PhotoLayoutField } from '@/ui/photo-layout';

const albumSchema = z.object({
  name: z.string().trim().min(1, 'Collection name is required').max(200, 'At most 200 characters'),
  description: z.string().max(5000, 'At most 5000 characters'),
  isPublic: z.boolean(),
  visitorDownloads: z.enum(['off', 'web', 'original']),
  photoLayout: z.enum(['square', 'whole']),
});
export type AlbumFormValues = z.infer<typeof albumSchema>;

export interface AlbumFormResult {
  name: string;
  description: string | null;
  isPublic: boolean;
  visitorDownloads: VisitorDownloads;
  photoLayout: PhotoLayout;
}

/** What the form shows of a collection it edits. */
interface EditedAlbum {
  name: string;
  description: string | null;
  is_public: boolean;
  visitor_downloads: VisitorDownloads;
  photo_layout: PhotoLayout;
}

/** The form's values for a collection, or a new one's: private, web-size downloads, squares. */
const albumFormValues = (album?: EditedAlbum): AlbumFormValues => ({
  name: album?.name ?? '',
  description: album?.description ?? '',
  isPublic: album?.is_public ?? false,
  visitorDownloads: album?.visitor_downloads ?? 'web',
  photoLayout: album?.photo_layout ?? 'square',
});

interface AlbumFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The album being edited; none to create one. */
  album?: EditedAlbum;
  onSubmit: (values: AlbumFormResult) => Promise<boolean>;
}

/** Create or edit a collection: name (required), description (optional), photo layout, home page visibility. */
export function AlbumFormDialog({ open, onOpenChange, album, onSubmit }: AlbumFormDialogProps) {
  const form = useDialogForm({
    open,
    row: album,
    values: albumFormValues,
    resolver: zodResolver(albumSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const isPublic = useWatch({ control: form.control, name: 'isPublic' });

  const submit = form.handleSubmit(async (values) => {
    const done = await onSubmit({
      name: values.name.trim(),
      description: values.description.trim() === '' ? null : values.description.trim(),
      isPublic: values.isPublic,
      visitorDownloads: values.visitorDownloads,
      photoLayout: values.photoLayout,
    });
    if (done) onOpenChange(false);
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      title={album ? 'Edit Collection' : 'New Collection'}
      description={
        album
          ? 'Change the name, description, layout or visibility of this collection.'
          : 'A collection holds the photos of one shoot.'
      }
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <FormField label="Collection Name" error={errors.name?.message}>
          <Input
            placeholder="e.g. The Rivera Family, Autumn"
            autoFocus
            {...form.register('name')}
          />
        </FormField>
        <FormField label="Description" error={errors.description?.message} hint="Optional">
          <Textarea rows={3} placeholder="Where, when, who" {...form.register('description')} />
        </FormField>
        <PhotoLayoutField
          control={form.control}
          name="photoLayout"
          hint="How clients (and visitors, when it is on the home page) see the photos: cropped to squares, or whole as they were framed."
        />
        <FormSwitch
          control={form.control}
          name="isPublic"
          label="Show on home page"
          hint="Lists this collection under Recent Sessions for every visitor."
        />
        {/* What visitors may download matters only while the collection is public. */}
        {isPublic && (
          <VisitorDownloadsField
            control={form.control}
            name="visitorDownloads"
            hint="What visitors of your site may download from this collection. Client links have their own setting."
          />
        )}
        <FormActions
          submitLabel={album ? 'Save Changes' : 'Create Collection'}
          submitting={isSubmitting}
        />
      </form>
    </Dialog>
  );
}
