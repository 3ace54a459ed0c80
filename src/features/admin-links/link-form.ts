import { z } from '@/lib/schema';
import type { GalleryLinkUpdate, LinkDownloadSize } from '@/lib/backend/database.types';
import { INITIAL_LINK_DEFAULTS, type LinkDefaults } from '@/lib/backend/link-defaults';
import { generatePasscode, PASSCODE_PATTERN, PASSCODE_RULE } from '@/lib/share-link';
import { defaultExpiryDate, expiryFromDateInput, isDateInput, toDateInput } from './link-rules';
import type { ShownLink } from './links-overlay';

/**
 * The form's rules (SPEC §5), with the server's passcode rule: a passcode that is set or
 * changed is 4 to 8 digits. `keptPasscode`, the edited link's own, stays allowed unchanged
 * (links made under the old rule keep working, and so does editing them).
 */
export function linkFormSchemaFor(keptPasscode: string | null = null) {
  return z
    .object({
      albumId: z.string().min(1, 'Please select a collection'),
      requirePasscode: z.boolean(),
      passcode: z.string(),
      expiryDate: z
        .string()
        .refine((value) => value === '' || isDateInput(value), 'Enter a valid date'),
      allowDownloads: z.boolean(),
      allowFavourites: z.boolean(),
      downloadSize: z.enum(['original', 'web']),
    })
    .superRefine((values, context) => {
      if (!values.requirePasscode) return;
      const passcode = values.passcode.trim();
      if (passcode === '')
        context.addIssue({ code: 'custom', path: ['passcode'], message: 'Passcode is required' });
      else if (!PASSCODE_PATTERN.test(passcode) && passcode !== keptPasscode) {
        context.addIssue({ code: 'custom', path: ['passcode'], message: PASSCODE_RULE });
      }
    });
}
export const linkFormSchema = linkFormSchemaFor();
export type LinkFormValues = z.infer<typeof linkFormSchema>;

/**
 * What the dialog starts with: for a new link, the photographer's saved defaults (a fresh
 * passcode when they require one); for an edit, the link as it is.
 */
export function initialLinkValues(
  link?: ShownLink,
  today: Date = new Date(),
  defaults: LinkDefaults = INITIAL_LINK_DEFAULTS,
  passcode: () => string = generatePasscode,
): LinkFormValues {
  if (!link) {
    return {
      albumId: '',
      requirePasscode: defaults.requirePasscode,
      passcode: defaults.requirePasscode ? passcode() : '',
      expiryDate: defaultExpiryDate(today, defaults.expiryDays),
      allowDownloads: defaults.allowDownloads,
      allowFavourites: true,
      downloadSize: 'original',
    };
  }
  return {
    albumId: link.album_id,
    requirePasscode: link.passcode !== null,
    passcode: link.passcode ?? '',
    expiryDate: link.expires_at ? toDateInput(new Date(link.expires_at)) : '',
    allowDownloads: link.allow_downloads,
    allowFavourites: link.allow_favourites,
    downloadSize: link.download_size,
  };
}

/** The values as they are stored: empty passcode and expiry become null (SPEC §5). */
export interface LinkSettings {
  albumId: string;
  passcode: string | null;
  allowDownloads: boolean;
  allowFavourites: boolean;
  downloadSize: LinkDownloadSize;
  expiresAt: string | null;
}

export function toLinkSettings(values: LinkFormValues, current?: ShownLink): LinkSettings {
  // The field is off without 'Require passcode': what it held then is not the link's.
  const passcode = values.requirePasscode ? values.passcode.trim() : '';
  return {
    albumId: current?.album_id ?? values.albumId,
    passcode: passcode === '' ? null : passcode,
    allowDownloads: values.allowDownloads,
    allowFavourites: values.allowFavourites,
    downloadSize: values.downloadSize,
    expiresAt: expiryFromDateInput(values.expiryDate, current?.expires_at ?? null),
  };
}

/** The edit's update: the fields an edit may change (never the album). */
export function toLinkUpdate(settings: LinkSettings): GalleryLinkUpdate {
  return {
    passcode: settings.passcode,
    allow_downloads: settings.allowDownloads,
    allow_favourites: settings.allowFavourites,
    download_size: settings.downloadSize,
    expires_at: settings.expiresAt,
  };
}
