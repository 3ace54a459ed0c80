import { z } from 'zod';
import type { GalleryLinkUpdate } from '@/lib/backend/database.types';
import { defaultExpiryDate, expiryFromDateInput, isDateInput, toDateInput } from './link-rules';
import type { ShownLink } from './links-overlay';

/** SPEC §5, §9: passcode at most 8 characters. */
export const PASSCODE_MAX_LENGTH = 8;

export const linkFormSchema = z
  .object({
    albumId: z.string().min(1, 'Please select a collection'),
    requirePasscode: z.boolean(),
    passcode: z.string().refine((value) => value.trim().length <= PASSCODE_MAX_LENGTH, 'Passcode must be at most 8 characters'),
    expiryDate: z.string().refine((value) => value === '' || isDateInput(value), 'Enter a valid date'),
    allowDownloads: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.requirePasscode && values.passcode.trim() === '') {
      context.addIssue({ code: 'custom', path: ['passcode'], message: 'Passcode is required' });
    }
  });
export type LinkFormValues = z.infer<typeof linkFormSchema>;

/** What the dialog starts with: SPEC §9 defaults for a new link, or the link as it is. */
export function initialLinkValues(link?: ShownLink, today: Date = new Date()): LinkFormValues {
  if (!link) return { albumId: '', requirePasscode: false, passcode: '', expiryDate: defaultExpiryDate(today), allowDownloads: true };
  return {
    albumId: link.album_id,
    requirePasscode: link.passcode !== null,
    passcode: link.passcode ?? '',
    expiryDate: link.expires_at ? toDateInput(new Date(link.expires_at)) : '',
    allowDownloads: link.allow_downloads,
  };
}

/** The values as they are stored: empty passcode and expiry become null (SPEC §5). */
export interface LinkSettings {
  albumId: string;
  passcode: string | null;
  allowDownloads: boolean;
  expiresAt: string | null;
}

export function toLinkSettings(values: LinkFormValues, current?: ShownLink): LinkSettings {
  const passcode = values.passcode.trim();
  return {
    albumId: current?.album_id ?? values.albumId,
    passcode: passcode === '' ? null : passcode,
    allowDownloads: values.allowDownloads,
    expiresAt: expiryFromDateInput(values.expiryDate, current?.expires_at ?? null),
  };
}

/** The edit's update: the three fields the spec lets an edit change (never the album). */
export function toLinkUpdate(settings: LinkSettings): GalleryLinkUpdate {
  return { passcode: settings.passcode, allow_downloads: settings.allowDownloads, expires_at: settings.expiresAt };
}
