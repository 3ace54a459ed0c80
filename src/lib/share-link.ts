import type { AdminGalleryLink } from './backend/database.types';
import type { LinkDefaults } from './backend/link-defaults';
import { routePath } from './routes/route-table';

/**
 * What a new client link is and how it is shared, for every screen that makes one (Client
 * Links' dialog, a collection's Share): the full address, the passcode rule, a new link's
 * values from the saved defaults, the message the photographer sends.
 */

/** The address a client opens (SPEC §2): the site's origin plus /client/{access_token}. */
export function clientLinkUrl(
  accessToken: string,
  origin: string = window.location.origin,
): string {
  return `${origin}${routePath('clientLink', accessToken)}`;
}

/** A passcode that is set or changed: 4 to 8 digits (the server's gallery_links_passcode_rule). */
export const PASSCODE_PATTERN = /^[0-9]{4,8}$/;
export const PASSCODE_RULE = 'Passcode must be 4 to 8 digits';

/** The length of a passcode made for the photographer: in the rule, and easy to read out. */
const GENERATED_PASSCODE_DIGITS = 6;

/** A random passcode of 6 digits (leading zeros kept), from the browser's secure random source. */
export function generatePasscode(
  fillRandom: (values: Uint32Array) => Uint32Array = (values) => crypto.getRandomValues(values),
): string {
  const values = fillRandom(new Uint32Array(GENERATED_PASSCODE_DIGITS));
  // 2^32 is not a multiple of 10; the bias of `% 10` (under one in 400 million) does not matter here.
  return Array.from(values, (value) => String(value % 10)).join('');
}

/**
 * The moment a link made today stops working when it lasts `days`: the end of that day in the
 * photographer's time zone, as the link dialog stores a chosen expiry date.
 */
export function expiryAfterDays(days: number, today: Date = new Date()): string {
  return new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    23,
    59,
    59,
    999,
  ).toISOString();
}

/** A new link's settings from the saved defaults: a fresh passcode when one is required. */
export interface NewLinkValues {
  passcode: string | null;
  allowDownloads: boolean;
  expiresAt: string | null;
}

export function newLinkValues(
  defaults: LinkDefaults,
  today: Date = new Date(),
  passcode: () => string = generatePasscode,
): NewLinkValues {
  return {
    passcode: defaults.requirePasscode ? passcode() : null,
    allowDownloads: defaults.allowDownloads,
    expiresAt: expiryAfterDays(defaults.expiryDays, today),
  };
}

type LinkState = Pick<AdminGalleryLink, 'album_id' | 'is_active' | 'expires_at' | 'created_at'>;

/** A link a client can open now: active and not past its expiry. */
export function isUsableLink(
  link: Pick<LinkState, 'is_active' | 'expires_at'>,
  now: Date = new Date(),
): boolean {
  return (
    link.is_active && (link.expires_at === null || Date.parse(link.expires_at) >= now.getTime())
  );
}

/** The collection's newest usable link, which Share reuses instead of making another. */
export function newestUsableLink<Link extends LinkState>(
  links: readonly Link[],
  albumId: string,
  now: Date = new Date(),
): Link | undefined {
  return links
    .filter((link) => link.album_id === albumId && isUsableLink(link, now))
    .reduce<Link | undefined>(
      (newest, link) =>
        !newest || Date.parse(link.created_at) > Date.parse(newest.created_at) ? link : newest,
      undefined,
    );
}

let longDate: Intl.DateTimeFormat | undefined;

/** The text 'Copy Message' puts on the clipboard: link, passcode, last day; lines that do not apply are left out. */
export function shareMessage(link: {
  url: string;
  passcode: string | null;
  expiresAt: string | null;
}): string {
  longDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  return [
    `Your photos are ready: ${link.url}`,
    link.passcode !== null && `Passcode: ${link.passcode}`,
    link.expiresAt !== null &&
      `This link works until ${longDate.format(new Date(link.expiresAt))}.`,
  ]
    .filter((line): line is string => line !== false)
    .join('\n');
}
