import { LoaderCircle } from 'lucide-react';

/** The 'Loading...' state of a whole screen. */
export function PageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50dvh] flex-1 items-center justify-center gap-3 text-muted-foreground"
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
