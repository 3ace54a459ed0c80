import type { ContactMethod } from './design-settings';

export interface ContactLink {
  href: string;
  /** Social and web links open in a new tab; mail and phone links do not. */
  newTab: boolean;
}

export const CONTACT_SUBJECT = 'Photography Inquiry';
export const CONTACT_GREETING = "Hi! I'd love to hear more about your photography sessions.";

/** How each contact method is asked for on Site Design. */
export const CONTACT_METHOD_FIELDS: Record<
  ContactMethod,
  { label: string; field: string; placeholder: string; hint: string }
> = {
  email: {
    label: 'Email',
    field: 'Email Address',
    placeholder: 'hello@yourstudio.com',
    hint: `Opens an email with the subject “${CONTACT_SUBJECT}”.`,
  },
  phone: {
    label: 'Phone',
    field: 'Phone Number',
    placeholder: '+44 7700 900123',
    hint: 'Starts a call on phones.',
  },
  instagram: {
    label: 'Instagram',
    field: 'Instagram Handle',
    placeholder: '@yourstudio',
    hint: 'Opens your Instagram profile in a new tab.',
  },
  facebook: {
    label: 'Facebook',
    field: 'Facebook Page',
    placeholder: 'facebook.com/yourstudio',
    hint: 'Opens your Facebook page in a new tab.',
  },
  website: {
    label: 'Website',
    field: 'Website Address',
    placeholder: 'https://yourstudio.com',
    hint: 'Opens the address in a new tab.',
  },
};

const withScheme = (value: string) =>
  /^https?:\/\//i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`;
/** An http(s) address whose host has a dot, with no spaces. */
const isWebLink = (href: string) => /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(href);

/**
 * The contact button's action (SPEC §7): a mail link with a preset subject and greeting, a
 * phone link, or a social/web link in a new tab. Null when no usable value is set; only
 * mailto:, tel: and http(s) links are ever returned (docs/architecture.md §4).
 */
export function contactLink(
  method: ContactMethod,
  rawValue: string | null | undefined,
): ContactLink | null {
  const value = (rawValue ?? '').trim();
  if (value === '' || (method !== 'phone' && /\s/.test(value))) return null;
  switch (method) {
    case 'email': {
      if (!/^[^\s@/?#]+@[^\s@/?#]+$/.test(value)) return null;
      const query = `subject=${encodeURIComponent(CONTACT_SUBJECT)}&body=${encodeURIComponent(CONTACT_GREETING)}`;
      return { href: `mailto:${value}?${query}`, newTab: false };
    }
    case 'phone': {
      const number = value.replace(/[^+\d]/g, '');
      return /\d/.test(number) ? { href: `tel:${number}`, newTab: false } : null;
    }
    case 'instagram': {
      if (/^https?:\/\//i.test(value))
        return isWebLink(value) ? { href: value, newTab: true } : null;
      const handle = value.replace(/^@/, '').replace(/^(www\.)?instagram\.com\//i, '');
      return /^[\w.]+\/?$/.test(handle)
        ? { href: `https://instagram.com/${handle.replace(/\/$/, '')}`, newTab: true }
        : null;
    }
    case 'facebook': {
      // A bare page name gets the Facebook address; anything else is taken as an address.
      const href = /^[\w-]+$/.test(value) ? `https://facebook.com/${value}` : withScheme(value);
      return isWebLink(href) ? { href, newTab: true } : null;
    }
    case 'website': {
      const href = withScheme(value);
      return isWebLink(href) ? { href, newTab: true } : null;
    }
  }
}
