import { Globe, Mail, Phone, type LucideIcon } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { ContactMethod } from '@/theme/design-settings';
import { cn } from '@/ui/cn';
import { FacebookIcon, InstagramIcon } from '@/ui/site/brand-icons';
import type { HomeView } from './home-view';

const METHOD_ICONS: Record<ContactMethod, LucideIcon | ComponentType<SVGProps<SVGSVGElement>>> = {
  email: Mail,
  phone: Phone,
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  website: Globe,
};

const BUTTON =
  'inline-flex min-h-12 max-w-full items-center justify-center gap-2.5 rounded-full bg-primary px-8 py-3 text-base font-medium text-primary-foreground shadow-md transition-[background-color,box-shadow] [&_svg]:size-[18px] [&_svg]:shrink-0';

/**
 * The booking button (SPEC §7 "Contact button behaviour"): a mail link with subject and
 * greeting, a phone link, or a social or web address in a new tab. With no usable contact
 * value it still shows, but goes nowhere.
 */
export function BookingButton({ booking }: { booking: HomeView['booking'] }) {
  const Icon = METHOD_ICONS[booking.method];
  const content = (
    <>
      <Icon aria-hidden strokeWidth={1.75} />
      {booking.text}
    </>
  );
  if (!booking.link) {
    return (
      <span className={cn(BUTTON, 'opacity-70')} aria-disabled="true" data-testid="contact-button">
        {content}
      </span>
    );
  }
  return (
    <a
      href={booking.link.href}
      className={cn(BUTTON, 'hover:bg-primary/90 hover:shadow-lg')}
      data-testid="contact-button"
      {...(booking.link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {content}
    </a>
  );
}
