import {
  AlertCircle,
  CheckCircle2,
  CloudOff,
  LoaderCircle,
  PencilLine,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import { useOutboxActions, useOutboxSnapshot } from '@/offline/outbox/outbox-provider';
import type { OutboxSnapshot } from '@/offline/outbox/queued-change';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { useHasUnsavedChanges } from '@/ui/unsaved-changes';

/**
 * The one-line state of the outbox (docs/architecture.md §6), and of edits still only on screen
 * (src/ui/unsaved-changes.tsx): it never says 'All changes saved' over those.
 */
export function describeSync(
  { items, sendingId, sentInRun, online }: OutboxSnapshot,
  unsaved = false,
) {
  const failed = items.filter((item) => item.status === 'failed').length;
  if (failed > 0) return { tone: 'failed', text: `${failed} failed — retry` } as const;
  if (unsaved) return { tone: 'unsaved', text: 'Unsaved changes' } as const;
  if (sendingId)
    return {
      tone: 'syncing',
      text: `Syncing ${sentInRun + 1} of ${sentInRun + items.length}`,
    } as const;
  if (items.length > 0) {
    return {
      tone: 'pending',
      text: `${items.length} pending${online ? '' : ' (offline)'}`,
    } as const;
  }
  return { tone: 'saved', text: online ? 'All changes saved' : 'All saved (offline)' } as const;
}

const ICONS = {
  failed: <AlertCircle className="text-destructive" aria-hidden />,
  syncing: <LoaderCircle className="animate-spin" aria-hidden />,
  pending: <CloudOff aria-hidden />,
  unsaved: <PencilLine aria-hidden />,
  saved: <CheckCircle2 className="text-success" aria-hidden />,
};

/** The top bar's sync indicator; it opens the list of waiting changes with retry and discard. */
export function SyncStatus() {
  const { retry, retryAll, discard } = useOutboxActions();
  const snapshot = useOutboxSnapshot();
  const unsaved = useHasUnsavedChanges();
  const state = describeSync(snapshot, unsaved);

  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          data-testid="sync-status"
          data-state={state.tone}
          className={cn(
            'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-xs font-medium text-foreground transition-colors hover:bg-accent [&_svg]:size-4',
            state.tone === 'failed' && 'border-destructive/40',
          )}
        >
          {ICONS[state.tone]}
          {/* On a phone 'All changes saved' is the icon alone; screen readers still hear it. */}
          <span className={cn(state.tone === 'saved' && 'sr-only sm:not-sr-only')}>
            {state.text}
          </span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="admin-theme z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl"
        >
          <p className="text-sm font-medium">{state.text}</p>
          {unsaved && (
            <p className="mt-1 text-sm text-muted-foreground">
              Edits on this screen are not saved yet: save them, or they are lost when you leave.
            </p>
          )}
          {snapshot.items.length === 0 ? (
            !unsaved && (
              <p className="mt-1 text-sm text-muted-foreground">Every change is on the server.</p>
            )
          ) : (
            <>
              <ul className="mt-3 grid max-h-72 gap-2 overflow-y-auto">
                {snapshot.items.map((item) => (
                  <li key={item.id} className="rounded-lg border p-2.5 text-sm">
                    <div className="flex items-start gap-2">
                      <span className="min-w-0 flex-1 break-words">{item.label}</span>
                      {item.id === snapshot.sendingId && (
                        <LoaderCircle className="size-4 animate-spin" aria-label="Sending" />
                      )}
                    </div>
                    {item.failure && (
                      <p
                        className={cn(
                          'mt-1 text-xs',
                          item.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                        )}
                      >
                        {item.failure.message}
                      </p>
                    )}
                    {item.status === 'failed' && (
                      <div className="mt-2 flex gap-2">
                        <Button size="sm" variant="outline" onClick={() => void retry(item.id)}>
                          <RotateCcw aria-hidden /> Retry
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => void discard(item.id)}>
                          <Trash2 aria-hidden /> Discard
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
              <Button size="sm" className="mt-3 w-full" onClick={() => void retryAll()}>
                <RotateCcw aria-hidden /> {snapshot.online ? 'Retry now' : 'Retry when online'}
              </Button>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
