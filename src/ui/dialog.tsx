import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { DiscardChangesDialog, UnsavedScopeProvider, useUnsavedChanges } from './unsaved-changes';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Wider content, e.g. the photo picker. */
  size?: 'default' | 'wide';
  /** The admin area's neutral palette, or the public site's own design. */
  tone?: 'admin' | 'site';
  /**
   * The form in it has edits not yet submitted (a form inside may also say so itself with
   * useUnsavedChanges): closing it by Escape, a click outside, × or Cancel asks first.
   */
  unsaved?: boolean;
  /** Above the photo viewer (which sits over the page), for a dialog a viewer's button opens. */
  overViewer?: boolean;
}

/** Marks the dialog's edits unsaved from inside its scope. */
function UnsavedMark({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

/**
 * A modal dialog with a title, optional description, close button and focus trap (Radix).
 * With unsaved edits in it, closing asks 'Discard changes?' (src/ui/unsaved-changes.tsx); a
 * feature that closes it itself (after saving) is not asked.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'default',
  tone = 'admin',
  unsaved = false,
  overViewer = false,
}: DialogProps) {
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (!next && dirty) setAsking(true);
    else onOpenChange(next);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={requestOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          className={cn('fixed inset-0 bg-black/45', overViewer ? 'z-[10000]' : 'z-50')}
        />
        <DialogPrimitive.Content
          className={cn(
            tone === 'admin' && 'admin-theme',
            overViewer ? 'z-[10000]' : 'z-50',
            'fixed left-1/2 top-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl border bg-card text-card-foreground shadow-2xl focus:outline-none',
            size === 'wide' ? 'max-w-2xl' : 'max-w-lg',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b px-6 py-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="font-heading text-xl break-words">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm break-words text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : (
                <DialogPrimitive.Description className="sr-only">
                  {title}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              className="-mr-3 -mt-1.5 flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="overflow-y-auto px-6 py-5">
            <UnsavedScopeProvider onDirtyChange={setDirty}>
              <UnsavedMark dirty={unsaved} />
              {children}
            </UnsavedScopeProvider>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
      <DiscardChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onOpenChange(false);
        }}
      />
    </DialogPrimitive.Root>
  );
}

/** The row of buttons at the end of a dialog's form. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
  );
}

/** A form dialog's Cancel (which closes it, asking first when edits are unsaved) and submit buttons. */
export function FormActions({
  submitLabel,
  submitting,
}: {
  submitLabel: ReactNode;
  submitting?: boolean;
}) {
  return (
    <DialogActions>
      <DialogPrimitive.Close asChild>
        <Button variant="outline">Cancel</Button>
      </DialogPrimitive.Close>
      <Button type="submit" disabled={submitting}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
