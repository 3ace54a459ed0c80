import { Monitor, Smartphone, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { SiteSettings } from '@/lib/backend/site-settings';
import { cn } from '@/ui/cn';
import { SitePreviewFrame, type PreviewWidth } from './site-preview-frame';

const WIDTH_CHOICES: ReadonlyArray<{ value: PreviewWidth; label: string; icon: typeof Monitor }> = [
  { value: 'phone', label: 'Phone', icon: Smartphone },
  { value: 'desktop', label: 'Desktop', icon: Monitor },
];

/** Phone or Desktop: the width the preview shows the home page at. */
export function PreviewWidthToggle({
  value,
  onChange,
}: {
  value: PreviewWidth;
  onChange: (value: PreviewWidth) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Preview width"
      className="inline-flex rounded-lg border bg-card p-0.5"
    >
      {WIDTH_CHOICES.map(({ value: choice, label, icon: Icon }) => (
        <button
          key={choice}
          type="button"
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
          className={cn(
            'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-muted-foreground transition-colors sm:min-h-9',
            value === choice ? 'bg-secondary text-foreground' : 'hover:text-foreground',
          )}
        >
          <Icon className="size-4" aria-hidden />
          <span className={cn(value !== choice && 'sr-only sm:not-sr-only')}>{label}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * Preview: the real home page with the unsaved settings, as large as the screen allows, at a
 * desktop's or a phone's width. Nothing is saved; closing it comes back to the editor.
 */
export function PreviewDialog({
  open,
  onOpenChange,
  settings,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: SiteSettings;
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="admin-theme fixed inset-2 z-50 flex flex-col rounded-xl border bg-card text-card-foreground shadow-2xl focus:outline-none sm:inset-6">
          <div className="flex items-center gap-3 border-b px-4 py-2 sm:px-6">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="font-heading text-lg">Preview</Dialog.Title>
              <Dialog.Description className="truncate text-xs text-muted-foreground">
                Your home page with these settings. Nothing is saved until you click Save Changes.
              </Dialog.Description>
            </div>
            <PreviewWidthToggle value={width} onChange={setWidth} />
            <Dialog.Close
              className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
              aria-label="Close preview"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <PreviewArea width={width} settings={settings} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The frame, filling the dialog's height; a phone is shown at its size, centred. */
function PreviewArea({ width, settings }: { width: PreviewWidth; settings: SiteSettings }) {
  const [height, setHeight] = useState(0);
  return (
    <div
      ref={(element) => {
        if (!element) return;
        const observer = new ResizeObserver(([entry]) =>
          setHeight(Math.floor(entry?.contentRect.height ?? 0)),
        );
        observer.observe(element);
        return () => observer.disconnect();
      }}
      className="min-h-0 flex-1 overflow-hidden bg-muted/60 p-3 sm:p-4"
    >
      {height > 0 && (
        <SitePreviewFrame
          settings={settings}
          width={width}
          height={height - 2}
          title="Preview of your home page"
          className={cn('mx-auto bg-background', width === 'phone' ? 'max-w-[390px]' : 'w-full')}
        />
      )}
    </div>
  );
}
