import { Globe } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { cn } from '../cn';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from './brand-icons';
import type { SiteProfile, SocialNetwork } from './use-site-profile';

const NETWORK_LOOK: Record<
  SocialNetwork,
  { icon: ComponentType<SVGProps<SVGSVGElement>>; label: string }
> = {
  instagram: { icon: InstagramIcon, label: 'Instagram' },
  facebook: { icon: FacebookIcon, label: 'Facebook' },
  twitter: { icon: TwitterIcon, label: 'Twitter' },
  linkedin: { icon: LinkedinIcon, label: 'LinkedIn' },
  website: { icon: Globe, label: 'Website' },
};

/** The photographer's social links (only those set), as round icon buttons opening in a new tab. */
export function SocialLinks({
  links,
  className,
}: {
  links: SiteProfile['socialLinks'];
  className?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {links.map(({ network, href }) => {
        const { icon: Icon, label } = NETWORK_LOOK[network];
        return (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              className="flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-primary/20 hover:text-foreground"
            >
              <Icon className="size-[18px]" strokeWidth={1.75} aria-hidden />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
