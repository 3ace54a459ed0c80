/**
 * The browser's Back and Forward, seen before the router sees them. The declarative router has
 * no blocker, and a listener can only stop the router's if it was added first: main.tsx installs
 * this one before the app starts. A screen with unsaved edits sets the guard
 * (src/ui/unsaved-changes.tsx); when it answers true, the router never hears of the move.
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
