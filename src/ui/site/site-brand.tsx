import { Camera } from 'lucide-react';
import { cn } from '@/ui/cn';
import type { SiteProfile } from './use-site-profile';

/** Logo (or a camera mark), site name and subtitle: the top-left of every public page. */
export function SiteBrand({
  profile,
  subtitle,
  className,
}: {
  profile: SiteProfile;
  subtitle?: string | null;
  className?: string;
}) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      {profile.logoSrc ? (
        <img
          src={profile.logoSrc}
          alt=""
          width={44}
          height={44}
          className="size-11 shrink-0 rounded-full border object-cover"
        />
      ) : (
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/25"
          aria-hidden
        >
          <Camera className="size-5 text-foreground/70" strokeWidth={1.5} />
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-heading text-lg leading-tight font-medium sm:text-xl">
          {profile.siteName}
        </p>
        {subtitle && (
          <p className="truncate text-xs tracking-wide text-muted-foreground sm:text-sm">
            {subtitle}
          </p>
        )}
      </div>
    </div>
  );
}
