import type { PhotographerProfileWrite } from '@/lib/backend/database.types';
import { saveLinkDefaults, type LinkDefaults } from '@/lib/backend/link-defaults';
import { saveProfile } from '@/lib/backend/profile';
import { saveSiteSettings, type SiteSettings } from '@/lib/backend/site-settings';
import type { QueuedChange } from '../queued-change';
import { afterUploads, define } from './define';

/** Saves of the one-row settings: the profile, the site's design, the default link settings. */
export const settingsKinds = {
  'profile.save': define({
    version: 1,
    build: ({
      profile,
      waitFor = [],
    }: {
      profile: PhotographerProfileWrite;
      waitFor?: string[];
    }) => ({
      entity: 'profile',
      dependsOn: afterUploads(waitFor),
      payload: profile,
      label: 'Save profile',
    }),
    send: (profile, { backend }) => saveProfile(backend, profile),
    touches: () => ['profile'],
    affects: ['profile'],
  }),
  'settings.save': define({
    version: 1,
    build: ({ settings, waitFor = [] }: { settings: SiteSettings; waitFor?: string[] }) => ({
      entity: 'site-settings',
      dependsOn: afterUploads(waitFor),
      payload: settings,
      label: 'Save site design',
    }),
    send: (settings, { backend }) => saveSiteSettings(backend, settings),
    touches: () => ['site-settings'],
    affects: ['site-settings'],
  }),
  'link-defaults.save': define({
    version: 1,
    build: (defaults: LinkDefaults) => ({
      entity: 'link-defaults',
      payload: {
        requirePasscode: defaults.requirePasscode,
        allowDownloads: defaults.allowDownloads,
        expiryDays: defaults.expiryDays,
      },
      label: 'Save default link settings',
    }),
    // Writes the same three rows however often it is sent.
    send: (defaults, { backend }) => saveLinkDefaults(backend, defaults),
    touches: () => ['link-defaults'],
    affects: ['link-defaults'],
  }),
};

/** The payloads of the waiting saves of one kind, in queue order (each sets the whole row). */
const saves = <Payload>(items: readonly QueuedChange[], kind: keyof typeof settingsKinds) =>
  items.filter((item) => item.kind === kind).map((item) => item.payload as Payload);

/** The profile saves still waiting, oldest first: each one's fields over the last. */
export const waitingProfiles = (items: readonly QueuedChange[]) =>
  saves<PhotographerProfileWrite>(items, 'profile.save');
/** The newest design save still waiting, if any: what the site will have. */
export const waitingSiteSettings = (items: readonly QueuedChange[]) =>
  saves<SiteSettings>(items, 'settings.save').at(-1);
/** The newest save of the default link settings still waiting, if any. */
export const waitingLinkDefaults = (items: readonly QueuedChange[]) =>
  saves<LinkDefaults>(items, 'link-defaults.save').at(-1);
