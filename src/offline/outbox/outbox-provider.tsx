import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { toBackendError } from '@/lib/backend/errors';
import { notify } from '@/ui/toast';
import { fileBlobKey } from './image-files';
import {
  newChange,
  isChangeOf,
  touchesAny,
  type ChangeKind,
  type NewChange,
  type OutboxItem,
  type OutboxItemOf,
} from './registry';
import type { Outbox } from './start-outbox';
import type { OutboxSnapshot, StoredBlob, SubmitOutcome } from './queued-change';

/**
 * The hooks screens reach the outbox through (docs/offline.md): submit a change, read what
 * waits, retry or discard. Screens never touch its tables.
 */

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ outbox, children }: { outbox: Outbox; children: ReactNode }) {
  return <OutboxContext.Provider value={outbox}>{children}</OutboxContext.Provider>;
}

export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox must be used inside <OutboxProvider>');
  return outbox;
}

export function useOutboxSnapshot(): OutboxSnapshot<OutboxItem> {
  const { engine } = useOutbox();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
}

/**
 * The queued changes that touch any of these, in queue order: an entity ('album:<id>',
 * 'profile') or every entity of a type ('album'). Each kind says what it touches
 * (`touches`, kinds/), so a screen names what it shows, not the kinds that may change it.
 */
export function usePendingFor(...entities: string[]): OutboxItem[] {
  const { items } = useOutboxSnapshot();
  const key = entities.join('|');
  return useMemo(
    () => items.filter((item) => touchesAny(item, key.split('|'))),
    // The entities are compared by value (`key`): callers pass them inline.
    [items, key],
  );
}

/** The queued changes of one kind, for a screen that reads that kind's payload. */
export function usePendingOf<K extends ChangeKind>(kind: K): Array<OutboxItemOf<K>> {
  const { items } = useOutboxSnapshot();
  return useMemo(
    () => items.filter((item): item is OutboxItemOf<K> => isChangeOf(item, kind)),
    [items, kind],
  );
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
 * dropped from the queue (with what it kept on the device), as a direct call would be: the
 * form stays open to correct it (except for an ended session: that change is sent after the
 * next sign-in).
 */
export function useSubmitChange(): (
  change: NewChange,
  messages: ChangeMessages,
  blobs?: StoredBlob[],
) => Promise<ChangeResult> {
  const outbox = useOutbox();
  return useCallback(
    (change, messages, blobs) => submitTogether(outbox, [{ change, blobs }], messages),
    [outbox],
  );
}

/**
 * Several changes made by one gesture (a reorder rewrites the sort order of a few rows): all
 * queued at once, with one toast for them together, as useSubmitChange gives for one. The
 * refused ones are dropped from the queue as useSubmitChange drops one; 'failed' if any was.
 */
export function useSubmitChanges(): (
  list: NewChange[],
  messages: ChangeMessages,
) => Promise<ChangeResult> {
  const outbox = useOutbox();
  return useCallback(
    (list, messages) =>
      submitTogether(
        outbox,
        list.map((change) => ({ change })),
        messages,
      ),
    [outbox],
  );
}

/** Queues the changes, drops the refused ones (unless the session ended), and says how it went in one toast. */
async function submitTogether(
  outbox: Outbox,
  entries: ReadonlyArray<{ change: NewChange; blobs?: StoredBlob[] }>,
  messages: ChangeMessages,
): Promise<ChangeResult> {
  const outcomes = await Promise.all(
    entries.map(async ({ change, blobs }) => {
      const id = change.id ?? crypto.randomUUID();
      try {
        return await outbox.submit({ ...change, id }, blobs);
      } catch (error) {
        const failure = toBackendError(error);
        if (failure.kind !== 'auth') await outbox.discard(id);
        return failure;
      }
    }),
  );
  const failure = outcomes.find((outcome) => typeof outcome !== 'string');
  if (failure) {
    notify.error(
      messages.preferServerMessage ? failure.message || messages.failure : messages.failure,
    );
    return 'failed';
  }
  if (outcomes.every((outcome) => outcome === 'synced')) {
    notify.success(messages.success, messages.successDescription);
    return 'synced';
  }
  notify.info(
    'Saved on this device',
    'It will be sent to the server as soon as the connection allows.',
  );
  return 'queued';
}

/** Retry and discard, for the sync list and screens that clear the way for a change. */
export function useOutboxActions() {
  const { engine, discard, discardWhere } = useOutbox();
  return useMemo(
    () => ({
      retry: (id: string) => engine.retry(id),
      retryAll: () => engine.retryAll(),
      discard,
      discardWhere,
    }),
    [engine, discard, discardWhere],
  );
}

/**
 * Uploads a file (the logo, a hero image) to bucket photos at `path` through the outbox: the
 * bytes and the change are stored together, and the public URL is known at once.
 */
export function useUploadFile(): (
  file: File,
  path: string,
  messages: ChangeMessages,
) => Promise<ChangeResult> {
  const submit = useSubmitChange();
  return useCallback(
    (file, path, messages) => {
      const blobKey = fileBlobKey(path);
      const change = newChange('file.upload', {
        blobKey,
        path,
        contentType: file.type,
        name: file.name,
      });
      return submit(change, messages, [{ key: blobKey, blob: file, createdAt: Date.now() }]);
    },
    [submit],
  );
}
