import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  historyIndex,
  useNavigate,
  usePathname,
  useSearchParams,
} from '@/lib/navigation/navigation';
import { setHistoryGuard } from '@/lib/history-guard';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Edits on screen that are not saved yet (a Site Design change, a half-filled dialog). An
 * editor says so with `useUnsavedChanges(dirty)`; then leaving asks 'Discard changes?' first:
 * a link to another screen or the browser's Back and Forward (the guards below), closing its
 * dialog (src/ui/dialog.tsx), reloading or closing the tab (the browser's own prompt). The sync chip reads `useHasUnsavedChanges()`,
 * so it never says 'All changes saved' over edits that are only on screen.
 */
interface UnsavedScope {
  set(id: string, dirty: boolean): void;
}

const ScopeContext = createContext<UnsavedScope | null>(null);
const HasUnsavedContext = createContext(false);

/** Which editors of a scope are dirty; each change also goes to the enclosing scope. */
function useScope(parent: UnsavedScope | null): [boolean, UnsavedScope] {
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(new Set());
  const scope = useMemo<UnsavedScope>(
    () => ({
      set(id, dirty) {
        setDirtyIds((current) => {
          if (current.has(id) === dirty) return current;
          const next = new Set(current);
          if (dirty) next.add(id);
          else next.delete(id);
          return next;
        });
        parent?.set(id, dirty);
      },
    }),
    [parent],
  );
  return [dirtyIds.size > 0, scope];
}

/** Marks this editor's edits as unsaved while `dirty` is true (and forgets them when it unmounts). */
export function useUnsavedChanges(dirty: boolean): void {
  const scope = useContext(ScopeContext);
  const id = useId();
  useEffect(() => {
    if (!scope || !dirty) return;
    scope.set(id, true);
    return () => scope.set(id, false);
  }, [scope, id, dirty]);
}

/** Whether anything on this screen has unsaved edits. */
export const useHasUnsavedChanges = () => useContext(HasUnsavedContext);

/** A nested scope (a dialog): whether its own editors are dirty, and the scope to provide to them. */
export function UnsavedScopeProvider({
  children,
  onDirtyChange,
}: {
  children: ReactNode;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const [dirty, scope] = useScope(useContext(ScopeContext));
  // In the commit that shows 'Unsaved changes' (a layout effect), so the dialog asks before
  // closing from the moment the top bar says so, not a render later.
  useLayoutEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** The question asked before unsaved edits are thrown away. */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onKeep()}
      title="Discard changes?"
      description="Your edits here have not been saved. Leave them, and they are gone."
      cancelLabel="Keep Editing"
      confirmLabel="Discard"
      onConfirm={onDiscard}
    />
  );
}

/** A click that would follow a link to another screen of this site, in this tab. */
function internalLinkOf(event: MouseEvent): URL | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  ) {
    return null;
  }
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  return url.pathname === window.location.pathname && url.search === window.location.search
    ? null
    : url;
}

/**
 * The admin area's root scope: asks before a link, Back or Forward leaves a screen with unsaved
 * edits, and lets the browser ask before a reload or closing the tab.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, scope] = useScope(null);
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<URL | null>(null);
  // Kept in the commit itself (a layout effect), not after paint: once the screen shows
  // 'Unsaved changes', a Back press or a click at once must already be asked about.
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    // Capture phase: before the link's own handler, which then sees defaultPrevented.
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current) return;
      const url = internalLinkOf(event);
      if (!url) return;
      event.preventDefault();
      setLeavingTo(url);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  // The browser's Back and Forward buttons. The browser has made the move before anyone hears of it, so
  // the history guard (src/lib/history-guard.ts, heard before navigation) hides it from the app,
  // steps the history back to where it was, and asks; Discard then makes the same move again.
  // The distance comes from the history index navigation keeps (`idx` in history.state).
  const [historyMove, setHistoryMove] = useState<number | null>(null);
  const passing = useRef(false);
  const restoring = useRef(false);
  // The history index of the screen shown, kept as the address moves.
  const pathname = usePathname();
  const [search] = useSearchParams();
  const here = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    here.current = historyIndex(window.history.state);
  }, [pathname, search]);
  useEffect(() => {
    setHistoryGuard((event) => {
      const there = historyIndex(event.state);
      if (restoring.current) {
        // The step back to the screen with the edits: the app must not see it either.
        restoring.current = false;
        return true;
      }
      if (
        passing.current ||
        !dirtyRef.current ||
        typeof here.current !== 'number' ||
        typeof there !== 'number' ||
        there === here.current
      ) {
        passing.current = false;
        return false;
      }
      restoring.current = true;
      window.history.go(here.current - there);
      setHistoryMove(there - here.current);
      return true;
    });
    return () => setHistoryGuard(null);
  }, []);

  const discard = useCallback(() => {
    const target = leavingTo;
    setLeavingTo(null);
    // The screen unmounts on the way out, and its editors forget their edits with it.
    if (target) navigate(`${target.pathname}${target.search}${target.hash}`);
    if (historyMove !== null) {
      setHistoryMove(null);
      passing.current = true;
      window.history.go(historyMove);
    }
  }, [leavingTo, navigate, historyMove]);

  return (
    <ScopeContext.Provider value={scope}>
      <HasUnsavedContext.Provider value={dirty}>
        {children}
        <DiscardChangesDialog
          open={leavingTo !== null || historyMove !== null}
          onKeep={() => {
            setLeavingTo(null);
            setHistoryMove(null);
          }}
          onDiscard={discard}
        />
      </HasUnsavedContext.Provider>
    </ScopeContext.Provider>
  );
}
