import { ImageIcon, Link2 } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { Card } from '@/ui/card';
import { cn } from '@/ui/cn';
import { ImageOr } from '@/ui/image-or';
import { MoveButtons } from '@/ui/move-buttons';
import { PendingBadge, RowActions, VisibilityBadge } from '@/ui/status-badges';
import { sectionLabel } from './section-form';
import type { ShownSection } from './sections-overlay';

interface SectionRowProps {
  section: ShownSection;
  /** Its place in the list, from 1, and the list's length: for '2 of 3' and the move buttons. */
  position: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One section of the page: its name and state, what it says, its eye, edit and delete buttons, and Move up / Move down. */
export function SectionRow({
  section,
  position,
  count,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: SectionRowProps) {
  const backend = useBackend();
  const active = section.is_active;
  const label = sectionLabel(section.section_name);
  const imageSrc = resolveStorageUrl(backend, section.image_url);
  const buttonLine = [section.button_text, section.button_link].filter(Boolean).join(' → ');
  return (
    <Card className="p-4 sm:p-5" data-testid="section-row" data-section={section.section_name}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span
            className="rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
            data-testid="section-label"
          >
            {label}
          </span>
          <VisibilityBadge active={active} />
          <PendingBadge pending={section.pending} syncError={section.syncError} />
        </div>
        <RowActions
          noun="section"
          active={active}
          onToggle={onToggle}
          onEdit={onEdit}
          onDelete={onDelete}
          className="-my-1.5 -mr-2"
        />
      </div>
      <div className={cn('mt-2 min-w-0', !active && 'opacity-60')}>
        <h2 className="truncate font-heading text-lg" title={section.title ?? undefined}>
          {section.title ?? <span className="italic text-muted-foreground">No title</span>}
        </h2>
        {section.subtitle && (
          <p className="truncate text-sm" title={section.subtitle}>
            {section.subtitle}
          </p>
        )}
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
          {section.content ?? 'No content'}
        </p>
        {(section.button_text || section.button_link || section.image_url) && (
          <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground [&_svg]:size-3.5 [&_svg]:shrink-0">
            {(section.button_text || section.button_link) && (
              <span className="flex min-w-0 items-center gap-1.5">
                <Link2 aria-hidden />
                <span className="truncate" title={buttonLine}>
                  {buttonLine}
                </span>
              </span>
            )}
            {section.image_url && (
              <span className="flex min-w-0 items-center gap-1.5">
                <ImageOr
                  src={imageSrc}
                  alt={`${label} image`}
                  loading="lazy"
                  className="size-6 shrink-0 rounded object-cover"
                  fallback={<ImageIcon aria-hidden />}
                />
                <span className="truncate">Image</span>
              </span>
            )}
          </div>
        )}
      </div>
      <MoveButtons
        name={label}
        position={position}
        count={count}
        onMove={onMove}
        className="mt-3 -mb-1.5 border-t pt-2"
      />
    </Card>
  );
}
