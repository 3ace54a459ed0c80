import { cn } from '@/ui/cn';

/** A section's centred heading: a small eyebrow, the title in the heading font, a muted line and a hairline. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  className,
}: {
  id: string;
  eyebrow?: string | null;
  title: string;
  description?: string | null;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && (
        <p className="text-xs font-semibold tracking-[0.22em] text-muted-foreground uppercase">
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className="mt-3 text-3xl leading-tight text-balance sm:text-4xl lg:text-[2.75rem]"
      >
        {title}
      </h2>
      {description && (
        <p className="mt-4 text-base leading-relaxed whitespace-pre-line text-muted-foreground sm:text-lg">
          {description}
        </p>
      )}
      <span aria-hidden className="mx-auto mt-7 block h-px w-16 bg-primary" />
    </div>
  );
}

/** Page-wide column with the site's side margins. */
export const CONTAINER = 'mx-auto w-full max-w-7xl px-5 sm:px-8';
/** Vertical rhythm between sections. */
export const SECTION_SPACING = 'py-20 sm:py-28';
