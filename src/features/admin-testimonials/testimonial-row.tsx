import { UserRound } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Card } from '@/ui/card';
import { cn } from '@/ui/cn';
import { ImageOr } from '@/ui/image-or';
import { MoveButtons } from '@/ui/move-buttons';
import { PendingBadge, RowActions, VisibilityBadge } from '@/ui/status-badges';
import type { ShownTestimonial } from './testimonials-overlay';

interface TestimonialRowProps {
  testimonial: ShownTestimonial;
  /** Its place in the list, from 1, and the list's length: for 'Shown 2nd of 3' and the move buttons. */
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One testimonial: photo, state, the client's name and words, its eye, edit and delete buttons, and Move up / Move down. */
export function TestimonialRow({
  testimonial,
  position,
  count,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: TestimonialRowProps) {
  const backend = useBackend();
  const active = testimonial.is_active;
  const name = testimonial.client_name;
  return (
    <Card className="p-4 sm:p-5" data-testid="testimonial-row">
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
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
          <VisibilityBadge active={active} />
          <PendingBadge pending={testimonial.pending} syncError={testimonial.syncError} />
        </div>
        <RowActions
          noun="testimonial"
          active={active}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          className="-my-1.5 -mr-2"
        />
      </div>
      <div className={cn('mt-3 min-w-0', !active && 'opacity-60')}>
        <h2 className="truncate font-heading text-lg" title={name}>
          {name}
        </h2>
        <blockquote className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground italic">
          “{testimonial.quote}”
        </blockquote>
      </div>
      <MoveButtons
        name={name}
        position={position}
        count={count}
        onMove={onMove}
        className="mt-3 -mb-1.5 border-t pt-2"
      />
    </Card>
  );
}
