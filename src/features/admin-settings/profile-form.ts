import { z } from '@/lib/schema';
import type {
  PhotographerProfileRow,
  PhotographerProfileWrite,
} from '@/lib/backend/database.types';
import { isWebAddress } from '@/lib/safe-url';
import { waitingProfiles } from '@/offline/outbox/kinds/settings';
import type { OutboxItem } from '@/offline/outbox/registry';

export const SOCIAL_FIELDS = [
  { name: 'social_instagram', label: 'Instagram', placeholder: 'https://instagram.com/yourname' },
  { name: 'social_facebook', label: 'Facebook', placeholder: 'https://facebook.com/yourpage' },
  { name: 'social_twitter', label: 'Twitter', placeholder: 'https://twitter.com/yourname' },
  { name: 'social_linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/yourname' },
  { name: 'social_website', label: 'Website', placeholder: 'https://yourwebsite.com' },
] as const;

export type SocialField = (typeof SOCIAL_FIELDS)[number]['name'];

const atMost = (max: number) => z.string().max(max, `At most ${max} characters`);
// The server takes only http(s) addresses here (the URL rule of docs/SECURITY.md); say so before the save.
const webAddress = atMost(500).refine(
  (value) => value.trim() === '' || isWebAddress(value),
  'Enter a full address starting with https://',
);

// The column limits of photographer_profile, so a refusal is explained before the save.
export const profileSchema = z.object({
  site_name: atMost(200),
  subtitle: atMost(300),
  logo_url: z.string(),
  social_instagram: webAddress,
  social_facebook: webAddress,
  social_twitter: webAddress,
  social_linkedin: webAddress,
  social_website: webAddress,
});
export type ProfileFormValues = z.infer<typeof profileSchema>;

const FIELDS = Object.keys(profileSchema.shape) as Array<keyof ProfileFormValues>;

/** The form's values for a stored profile (none yet: all empty). */
export function profileToForm(profile: Partial<PhotographerProfileRow> | null): ProfileFormValues {
  return Object.fromEntries(
    FIELDS.map((field) => [field, profile?.[field] ?? '']),
  ) as ProfileFormValues;
}

/** What is saved: trimmed text, and null for every empty field (SPEC §5). */
export function formToProfile(values: ProfileFormValues): PhotographerProfileWrite {
  return Object.fromEntries(
    FIELDS.map((field) => {
      const text = values[field].trim();
      return [field, text === '' ? null : text];
    }),
  );
}

/** The profile as the admin should see it: the server's row with waiting profile saves applied in order. */
export function overlayProfile(
  server: PhotographerProfileRow | null,
  pending: OutboxItem[],
): Partial<PhotographerProfileRow> | null {
  let shown: Partial<PhotographerProfileRow> | null = server;
  for (const profile of waitingProfiles(pending)) shown = { ...shown, ...profile };
  return shown;
}
