import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { generatePasscode } from '@/lib/share-link';
import { NativeSelect } from '@/ui/controls';
import { FormChoice, FormSwitch } from '@/ui/form-controls';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { DateInputWithClear } from './date-input-with-clear';
import type { LinkFormValues } from './link-form';
import type { AlbumOption } from './links-overlay';

type LinkForm = UseFormReturn<LinkFormValues>;

const DOWNLOAD_SIZE_CHOICES = [
  { value: 'original', label: 'Original' },
  { value: 'web', label: 'Web size (2048 px)' },
] as const;

/** The collection the link opens: chosen when it is made, fixed after. */
export function CollectionField({
  form,
  editing,
  options,
  albumsLoading,
}: {
  form: LinkForm;
  editing: boolean;
  options: AlbumOption[];
  albumsLoading: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name="albumId"
      render={({ field }) => (
        <FormField
          label="Collection"
          error={form.formState.errors.albumId?.message}
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
  );
}

/** 'Require passcode' and the passcode: a random one when it is turned on, none when off. */
export function PasscodeFields({ form }: { form: LinkForm }) {
  const requirePasscode = useWatch({ control: form.control, name: 'requirePasscode' });
  return (
    <div className="grid gap-3">
      <FormSwitch
        control={form.control}
        name="requirePasscode"
        label="Require passcode"
        hint="Your client enters it before any photo is shown."
        onChanged={(checked) => {
          // On: a random passcode to keep or change; off: none.
          if (checked && form.getValues('passcode').trim() === '')
            form.setValue('passcode', generatePasscode());
          if (!checked) form.setValue('passcode', '');
          form.clearErrors('passcode');
        }}
      />
      <FormField
        label="Passcode"
        error={form.formState.errors.passcode?.message}
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
  );
}

/** The day after which the link no longer opens, if any. */
export function ExpiryField({ form }: { form: LinkForm }) {
  return (
    <Controller
      control={form.control}
      name="expiryDate"
      render={({ field }) => (
        <FormField
          label="Expiry date"
          error={form.formState.errors.expiryDate?.message}
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
  );
}

/** What the client may do with the photos: download them (in which size) and heart them. */
export function ClientRightsFields({ form }: { form: LinkForm }) {
  const allowDownloads = useWatch({ control: form.control, name: 'allowDownloads' });
  return (
    <>
      <FormSwitch
        control={form.control}
        name="allowDownloads"
        label="Allow downloads"
        hint="Your client may download single photos or all of them as a zip."
      />

      {allowDownloads && (
        <FormChoice
          control={form.control}
          name="downloadSize"
          label="Download size"
          hint="Web size gives your client the 2048 px copies only; the originals stay with you."
          choices={DOWNLOAD_SIZE_CHOICES}
        />
      )}

      <FormSwitch
        control={form.control}
        name="allowFavourites"
        label="Allow favourites"
        hint="Your client may heart photos; you see each person's picks under Client Links."
      />
    </>
  );
}
