import { Camera } from 'lucide-react';

/**
 * The loading state of a public page (a camera and a line of text). A file of its own, so the
 * home page does not load the galleries' error and empty states with it.
 */
export function PublicPageLoading({ label = 'Loading gallery...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 font-body text-muted-foreground"
      style={{ background: 'var(--site-background)' }}
    >
      <Camera
        className="size-9 animate-pulse motion-reduce:animate-none"
        strokeWidth={1.25}
        aria-hidden
      />
      <p>{label}</p>
    </div>
  );
}
