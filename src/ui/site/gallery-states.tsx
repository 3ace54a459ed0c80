import { Camera, ImageOff } from 'lucide-react';
import { Link } from '@/lib/navigation/navigation';
import { Button, buttonClasses } from '../button';

/** A whole-page message for a gallery that cannot be shown, with the way home. */
export function GalleryUnavailable({
  title,
  description,
  onRetry,
}: {
  title: string;
  description: string;
  onRetry?: () => void;
}) {
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center font-body"
      style={{ background: 'var(--site-background)' }}
    >
      <span
        className="flex size-16 items-center justify-center rounded-full bg-secondary"
        aria-hidden
      >
        <ImageOff className="size-7 text-muted-foreground" strokeWidth={1.5} />
      </span>
      <h1 className="text-3xl sm:text-4xl">{title}</h1>
      <p className="max-w-md text-muted-foreground">{description}</p>
      <div className="mt-2 flex gap-3">
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to="/" className={buttonClasses({})}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}

/** A gallery with no photos yet. */
export function NoPhotos({ title, description }: { title: string; description?: string }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-border bg-card/50 px-6 py-20 text-center">
      <Camera className="mb-4 size-10 text-muted-foreground" strokeWidth={1.25} aria-hidden />
      <h2 className="text-2xl">{title}</h2>
      {description && <p className="mt-2 max-w-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
