import { toast, Toaster as SonnerToaster } from 'sonner';

/** Toasts with the spec's shape: a title and a description; errors are titled 'Error' unless told. */
export const notify = {
  success(title: string, description?: string) {
    toast.success(title, { description });
  },
  error(description: string, title = 'Error') {
    toast.error(title, { description });
  },
  info(title: string, description?: string) {
    toast(title, { description });
  },
};

export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'font-body !rounded-lg !border-border !shadow-lg',
          title: '!font-semibold',
          error: '!border-destructive/40 [&_[data-title]]:!text-destructive',
        },
      }}
    />
  );
}
