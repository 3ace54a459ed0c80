import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { toBackendError } from '@/lib/backend/errors';
import { notify } from '@/ui/toast';
import { cleanUpDiscarded } from './handlers';
import type { Outbox } from './start-outbox';
import type { NewChange, OutboxItem, OutboxSnapshot, SubmitOutcome } from './sync-engine';

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ outbox, children }: { outbox: Outbox; children: ReactNode }) {
  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox must be used inside <OutboxProvider>');
  return outbox;
}

export function useOutboxSnapshot(): OutboxSnapshot {
  const { engine } = useOutbox();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/** Queued changes whose kind starts with one of the prefixes (e.g. 'album.'), in queue order. */
export function usePendingChanges(...prefixes: string[]): OutboxItem[] {
  const { items } = useOutboxSnapshot();
  const key = prefixes.join('|');
  return useMemo(() => items.filter((item) => key.split('|').some((prefix) => item.kind.startsWith(prefix))), [items, key]);
}

export interface ChangeMessages {
  /** Success toast title (SPEC §8), e.g. 'Album created successfully'. */
  success: string;
  successDescription?: string;
  /** Failure toast (SPEC §8), e.g. 'Failed to create album'. */
  failure: string;
  /** Show the server's message instead of `failure` when it has one (SPEC: content saves). */
  preferServerMessage?: boolean;
}

export type ChangeResult = SubmitOutcome | 'failed';

/**
 * Sends a change through the outbox and tells the user how it went: the spec's success
 * toast once the server has it, 'Saved on this device' when it waits for the network, the
 * spec's failure toast when the server refuses it. A change refused while the user waits is
 * dropped from the queue, as a direct call would be: the form stays open to correct it
 * (except for an ended session: that change is sent after the next sign-in).
 */
export function useSubmitChange(): <Payload>(change: NewChange<Payload>, messages: ChangeMessages) => Promise<ChangeResult> {
  const { engine, db } = useOutbox();
  return useCallback(
    async (change, messages) => {
      const id = change.id ?? crypto.randomUUID();
      try {
        const outcome = await engine.submit({ ...change, id });
        if (outcome === 'synced') notify.success(messages.success, messages.successDescription);
        else notify.info('Saved on this device', 'It will be sent to the server as soon as the connection allows.');
        return outcome;
      } catch (error) {
        const failure = toBackendError(error);
        notify.error(messages.preferServerMessage ? failure.message || messages.failure : messages.failure);
        // A change refused for an ended session waits for the next sign-in instead.
        if (failure.kind !== 'not-authenticated') {
          await engine.discard(id);
          await cleanUpDiscarded(db, change.kind, change.payload);
        }
        return 'failed';
      }
    },
    [engine, db],
  );
}
