import { useEffect, useState } from 'react';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
type RaiseToast = (toast: Sonner['toast']) => void;

/**
 * Sonner (about 10 KB gzipped) loads with the first toast, not with the page: a visitor's
 * page that raises none never fetches it. Its toaster shows only toasts raised after it
 * mounted, so a toast raised earlier waits for it.
 */
let sonnerLoading: Promise<Sonner> | null = null;
function loadSonner(): Promise<Sonner> {
  sonnerLoading ??= import('sonner').catch((error: unknown) => {
    // Offline before the code was cached: the next toast tries again.
    sonnerLoading = null;
    throw error;
  });
  return sonnerLoading;
}

let toastWanted = false;
let showToaster: (() => void) | null = null;
let toastersShown = 0;
let waitingToasts: Array<() => void> = [];

/** The toaster is needed: sonner loads, and the toaster shows now or as soon as it mounts. */
function wantToaster(): Promise<Sonner> {
  toastWanted = true;
  showToaster?.();
  return loadSonner();
}

/**
 * Loads the toaster now rather than with the first toast: the admin area does, as its toasts
 * ('Saved on this device') often come with no network, when the code could not be fetched.
 */
export function prepareToasts(): void {
  wantToaster().catch((error: unknown) => console.warn('Toasts could not load', error));
}

function raise(show: RaiseToast): void {
  void wantToaster().then(
    ({ toast }) => {
      if (toastersShown > 0) show(toast);
      else waitingToasts.push(() => show(toast));
    },
    (error: unknown) => console.error('A message could not be shown', error),
  );
}

/** Toasts with the spec's shape: a title and a description; errors are titled 'Error' unless told. */
export const notify = {
  success(title: string, description?: string) {
    raise((toast) => toast.success(title, { description }));
  },
  /** With an `id`, a later error of that id replaces this one, and `dismiss(id)` takes it away. */
  error(description: string, title = 'Error', options: { id?: string } = {}) {
    raise((toast) => toast.error(title, { description, id: options.id }));
  },
  info(title: string, description?: string) {
    raise((toast) => toast(title, { description }));
  },
  /** A message that stays until acted on or closed, e.g. 'New version available' with 'Reload'. */
  prompt(title: string, description: string, action: { label: string; onClick: () => void }) {
    raise((toast) => toast(title, { description, duration: Infinity, action }));
  },
  /** Takes away the toast of this id, also one still waiting for the toaster (it is raised in order). */
  dismiss(id: string) {
    // No toast was ever raised: nothing to take away, and no reason to load sonner.
    if (!toastWanted) return;
    raise((toast) => toast.dismiss(id));
  },
};

/** Where toasts appear; renders nothing until the first toast is raised. */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let mounted = true;
    showToaster = () => {
      void loadSonner().then(
        (loaded) => mounted && setSonner(loaded),
        () => undefined,
      );
    };
    if (toastWanted) showToaster();
    return () => {
      mounted = false;
      showToaster = null;
    };
  }, []);
  return sonner && <LoadedToaster sonner={sonner} />;
}

function LoadedToaster({ sonner }: { sonner: Sonner }) {
  // Runs after sonner's toaster has subscribed (a child's effects run first).
  useEffect(() => {
    toastersShown += 1;
    const waiting = waitingToasts;
    waitingToasts = [];
    waiting.forEach((show) => show());
    return () => {
      toastersShown -= 1;
    };
  }, []);
  return (
    <sonner.Toaster
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
