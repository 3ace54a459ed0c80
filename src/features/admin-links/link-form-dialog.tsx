import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { LinkDefaults } from '@/lib/backend/link-defaults';
import { generatePasscode } from '@/lib/share-link';
import { NativeSelect, Switch } from '@/ui/controls';
import { Dialog, FormActions } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { formSubmit } from '@/ui/form-submit';
import { ChoiceField } from '@/ui/choice-field';
import { Input } from '@/ui/input';
import { DateInputWithClear } from './date-input-with-clear';
import {
  initialLinkValues,
  linkFormSchemaFor,
  toLinkSettings,
  type LinkFormValues,
  type LinkSettings,
} from './link-form';
import type { AlbumOption, ShownLink } from './links-overlay';

const DOWNLOAD_SIZE_CHOICES = [
  { value: 'original', label: 'Original' },
  { value: 'web', label: 'Web size (2048 px)' },
] as const;

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

/** A switch with its label and one line of explanation, the whole row clickable. */
function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{hint}</span>
      </span>
      <Switch checked={checked} onCheckedChange={onCheckedChange} aria-label={label} />
    </label>
  );
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
  const { errors, isSubmitting } = form.formState;

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

  const requirePasscode = useWatch({ control: form.control, name: 'requirePasscode' });
  const allowDownloads = useWatch({ control: form.control, name: 'allowDownloads' });

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
        <Controller
          control={form.control}
          name="albumId"
          render={({ field }) => (
            <FormField
              label="Collection"
              error={errors.albumId?.message}
              hint={
                editing
                  ? 'A link always opens the collection it was made for.'
                  : !albumsLoading && options.length === 0
                    ? 'Create a collection first.'
                    : undefined
              }
            >
              <NativeSelect
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                disabled={editing}
              >
                {!editing && (
                  <option value="">
                    {albumsLoading ? 'Loading collections...' : 'Select a collection'}
                  </option>
                )}
                {options.map((album) => (
                  <option key={album.id} value={album.id}>
                    {album.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          )}
        />

        <div className="grid gap-3">
          <Controller
            control={form.control}
            name="requirePasscode"
            render={({ field }) => (
              <SwitchRow
                label="Require passcode"
                hint="Your client enters it before any photo is shown."
                checked={field.value}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  // On: a random passcode to keep or change; off: none.
                  if (checked && form.getValues('passcode').trim() === '')
                    form.setValue('passcode', generatePasscode());
                  if (!checked) form.setValue('passcode', '');
                  form.clearErrors('passcode');
                }}
              />
            )}
          />
          <FormField
            label="Passcode"
            error={errors.passcode?.message}
            hint={
              requirePasscode
                ? '4 to 8 digits, asked before any photo is shown'
                : "Turn on 'Require passcode' to set one"
            }
          >
            <Input
              placeholder="4-8 digits"
              autoComplete="off"
              inputMode="numeric"
              maxLength={8}
              disabled={!requirePasscode}
              {...form.register('passcode')}
            />
          </FormField>
        </div>

        <Controller
          control={form.control}
          name="expiryDate"
          render={({ field }) => (
            <FormField
              label="Expiry date"
              error={errors.expiryDate?.message}
              hint="Optional. The link works until the end of this day."
            >
              <DateInputWithClear
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearLabel="Clear expiry date"
                onClear={() =>
                  form.setValue('expiryDate', '', { shouldValidate: true, shouldDirty: true })
                }
              />
            </FormField>
          )}
        />

        <Controller
          control={form.control}
          name="allowDownloads"
          render={({ field }) => (
            <SwitchRow
              label="Allow downloads"
              hint="Your client may download single photos or all of them as a zip."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />

        {allowDownloads && (
          <Controller
            control={form.control}
            name="downloadSize"
            render={({ field }) => (
              <ChoiceField
                label="Download size"
                hint="Web size gives your client the 2048 px copies only; the originals stay with you."
                value={field.value}
                onChange={field.onChange}
                choices={DOWNLOAD_SIZE_CHOICES}
              />
            )}
          />
        )}

        <Controller
          control={form.control}
          name="allowFavourites"
          render={({ field }) => (
            <SwitchRow
              label="Allow favourites"
              hint="Your client may heart photos; you see each person's picks under Client Links."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />

        <FormActions
          submitLabel={editing ? 'Save Changes' : 'Create Link'}
          submitting={isSubmitting}
        />
      </form>
    </Dialog>
  );
}
