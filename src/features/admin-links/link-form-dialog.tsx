import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LinkDefaults } from '@/lib/backend/link-defaults';
import { Dialog, FormActions } from '@/ui/dialog';
import { formSubmit } from '@/ui/form-submit';
import {
  initialLinkValues,
  linkFormSchemaFor,
  toLinkSettings,
  type LinkFormValues,
  type LinkSettings,
} from './link-form';
import {
  ClientRightsFields,
  CollectionField,
  ExpiryField,
  PasscodeFields,
} from './link-form-fields';
import type { AlbumOption, ShownLink } from './links-overlay';

interface LinkFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link being edited; none to create one. */
  link?: ShownLink;
  albums: AlbumOption[];
  albumsLoading: boolean;
  /** The photographer's saved defaults, which a new link starts with. */
  defaults?: LinkDefaults;
  onSubmit: (settings: LinkSettings) => Promise<boolean>;
}

/** Create or edit a client link: collection (fixed once made), passcode, expiry, downloads (SPEC §2, §5, §9). */
export function LinkFormDialog({
  open,
  onOpenChange,
  link,
  albums,
  albumsLoading,
  defaults,
  onSubmit,
}: LinkFormDialogProps) {
  const editing = link !== undefined;
  // The edited link's own passcode stays valid even if an older rule made it (useForm takes
  // the resolver of each render).
  const keptPasscode = link?.passcode ?? null;
  const resolver = useMemo(() => zodResolver(linkFormSchemaFor(keptPasscode)), [keptPasscode]);
  // Made once (it draws a random passcode); each opening resets the form below.
  const [startValues] = useState(() => initialLinkValues(undefined, new Date(), defaults));
  const form = useForm<LinkFormValues>({ resolver, defaultValues: startValues });
  const { isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(initialLinkValues(link, new Date(), defaults));
    // Opening the dialog starts it over; defaults arriving later do not overwrite what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, link, form]);

  // In edit mode the link's own collection is shown even if the list has not loaded.
  const options =
    link && !albums.some((album) => album.id === link.album_id)
      ? [{ id: link.album_id, name: link.album_name }, ...albums]
      : albums;

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(toLinkSettings(values, link))) onOpenChange(false);
  });

  return (
    <Dialog
      unsaved={form.formState.isDirty}
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Client Link' : 'New Client Link'}
      description={
        editing
          ? 'Change how your client opens this collection.'
          : 'Share one collection privately with your client.'
      }
    >
      <form noValidate onSubmit={formSubmit(submit)} className="grid gap-4">
        <CollectionField
          form={form}
          editing={editing}
          options={options}
          albumsLoading={albumsLoading}
        />
        <PasscodeFields form={form} />
        <ExpiryField form={form} />
        <ClientRightsFields form={form} />
        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Create Link'}
          submitting={isSubmitting}
        />
      </form>
    </Dialog>
  );
}
