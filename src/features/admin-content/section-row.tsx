import { ImageIcon, Link2 } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { ImageOr } from '@/ui/image-or';
import type { RowControls } from '@/ui/list-editor/list-editor-page';
import { ListRow } from '@/ui/list-editor/list-row';
import { sectionLabel } from './section-form';
import type { ShownSection } from './use-sections';

/** One section of the page: its name and state, what it says, its eye, edit and delete buttons, and Move up / Move down. */
export function SectionRow({ section, ...controls }: { section: ShownSection } & RowControls) {
  const backend = useBackend();
  const label = sectionLabel(section.section_name);
  const imageSrc = resolveStorageUrl(backend, section.image_url);
  const buttonLine = [section.button_text, section.button_link].filter(Boolean).join(' → ');
  return (
    <ListRow
      {...controls}
      className="p-4 sm:p-5"
      data-testid="section-row"
      data-section={section.section_name}
      noun="section"
      name={label}
      row={section}
      lead={
        <span
          className="rounded-md bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
          data-testid="section-label"
        >
          {label}
        </span>
      }
      bodyClassName="mt-2 min-w-0"
    >
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
    </ListRow>
  );
}
