import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** 'Cancel' unless told otherwise ('Keep Editing'). */
  cancelLabel?: string;
  onConfirm: () => void;
  /** Extra content (e.g. a typed confirmation field) between text and buttons. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/** Asks before something destructive; Escape or Cancel leaves everything as it was. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    description,
    confirmLabel,
    cancelLabel = 'Cancel',
    onConfirm,
    children,
    confirmDisabled,
  } = props;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <AlertDialog.Content className="admin-theme fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border bg-card p-6 text-card-foreground shadow-2xl focus:outline-none">
          <AlertDialog.Title className="font-heading text-xl break-words">
            {title}
          </AlertDialog.Title>
          {/* Names in it (a camera's file name, a long collection name) may be one long word: it wraps rather than runs off a phone. */}
          <AlertDialog.Description className="mt-2 text-sm break-words text-muted-foreground">
            {description}
          </AlertDialog.Description>
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" disabled={confirmDisabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
