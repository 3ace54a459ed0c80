import { Globe, Mail, Phone, type LucideIcon } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { ContactLink } from '@/theme/contact-link';
import type { ContactMethod } from '@/theme/design-settings';
import { cn } from '../cn';
import { FacebookIcon, InstagramIcon } from './brand-icons';

const METHOD_ICONS: Record<ContactMethod, LucideIcon | ComponentType<SVGProps<SVGSVGElement>>> = {
  email: Mail,
  phone: Phone,
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  website: Globe,
};

const BASE =
  'inline-flex min-h-12 max-w-full items-center justify-center gap-2.5 rounded-full px-7 py-3 text-base font-medium transition-[background-color,box-shadow] [&_svg]:size-[18px] [&_svg]:shrink-0';
const TONES = {
  primary: 'bg-primary text-primary-foreground shadow-md hover:bg-primary/90 hover:shadow-lg',
  // Over a photo: white, readable whatever the picture.
  'on-image': 'bg-white text-neutral-900 shadow-md hover:bg-white/90',
};

/**
 * The photographer's contact action on a client's pages (the site's contact button: a mail
 * link with subject and greeting, a phone link, or a social or web address in a new tab).
 * Nothing when the photographer has set no usable contact.
 */
export function ContactButton({
  method,
  text,
  link,
  tone = 'primary',
}: {
  method: ContactMethod;
  text: string;
  link: ContactLink | null;
  tone?: keyof typeof TONES;
}) {
  if (!link) return null;
  const Icon = METHOD_ICONS[method];
  return (
    <a
      href={link.href}
      className={cn(BASE, TONES[tone])}
      data-testid="contact-button"
      {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Icon aria-hidden strokeWidth={1.75} />
      {text}
    </a>
  );
}
