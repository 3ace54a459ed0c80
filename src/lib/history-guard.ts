/**
 * The browser's Back and Forward, seen before the app's navigation sees them
 * (src/lib/navigation). A popstate cannot be cancelled, and a listener can only stop the
 * others if it was added first: main.tsx installs this one before the app starts. A screen
 * with unsaved edits sets the guard (src/ui/unsaved-changes.tsx); when it answers true, the
 * app never hears of the move.
 */
type HistoryGuard = (event: PopStateEvent) => boolean;

let guard: HistoryGuard | null = null;

export function installHistoryGuard(): void {
  window.addEventListener('popstate', (event) => {
    if (guard?.(event)) event.stopImmediatePropagation();
  });
}

export function setHistoryGuard(next: HistoryGuard | null): void {
  guard = next;
}
