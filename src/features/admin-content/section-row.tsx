import { ImageIcon, Link2 } from 'lucide-react';
import { Card } from '@/ui/card';
import { PendingBadge, RowActions, VisibilityBadge } from '@/ui/status-badges';
import { cn } from '@/ui/cn';
import type { ShownSection } from './sections-overlay';

interface SectionRowProps {
  section: ShownSection;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One section of the page: its name and state, what it says, and its eye, edit and delete buttons. */
export function SectionRow({ section, onToggle, onEdit, onDelete }: SectionRowProps) {
  const active = section.is_active;
  const buttonLine = [section.button_text, section.button_link].filter(Boolean).join(' → ');
  return (
    <Card className="p-4 sm:p-5" data-testid="section-row" data-section={section.section_name}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <code className="rounded-md bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground">{section.section_name}</code>
          <VisibilityBadge active={active} />
          <PendingBadge pending={section.pending} syncError={section.syncError} />
        </div>
        <RowActions noun="section" active={active} onToggle={onToggle} onEdit={onEdit} onDelete={onDelete} className="-my-1.5 -mr-2" />
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
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{section.content ?? 'No content'}</p>
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
                <ImageIcon aria-hidden />
                <span className="truncate">Image</span>
              </span>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
