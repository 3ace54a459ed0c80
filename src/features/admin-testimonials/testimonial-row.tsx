import { UserRound } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { cn } from '@/ui/cn';
import { ImageOr } from '@/ui/image-or';
import type { RowControls } from '@/ui/list-editor/list-editor-page';
import { ListRow } from '@/ui/list-editor/list-row';
import type { ShownTestimonial } from './use-testimonials';

/** One testimonial: photo, state, the client's name and words, its eye, edit and delete buttons, and Move up / Move down. */
export function TestimonialRow({
  testimonial,
  ...controls
}: { testimonial: ShownTestimonial } & RowControls) {
  const backend = useBackend();
  const active = testimonial.is_active;
  const name = testimonial.client_name;
  return (
    <ListRow
      {...controls}
      className="p-4 sm:p-5"
      data-testid="testimonial-row"
      noun="testimonial"
      name={name}
      row={testimonial}
      lead={
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary',
            !active && 'opacity-60',
          )}
        >
          <ImageOr
            src={resolveStorageUrl(backend, testimonial.photo_url)}
            alt={`Photo of ${name}`}
            className="size-full object-cover"
            fallback={<UserRound className="size-4 text-secondary-foreground" aria-hidden />}
          />
        </span>
      }
      bodyClassName="mt-3 min-w-0"
    >
      <h2 className="truncate font-heading text-lg" title={name}>
        {name}
      </h2>
      <blockquote className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground italic">
        “{testimonial.quote}”
      </blockquote>
    </ListRow>
  );
}
