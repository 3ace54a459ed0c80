import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUploadBatch } from '@/offline/outbox/upload-batch';
import { newChange, type OutboxItem } from '@/offline/outbox/registry';
import { AdminDatabase } from '@/offline/outbox/db';
import { dexieOutboxStore } from '@/offline/outbox/outbox-store';
import { OutboxProvider } from '@/offline/outbox/outbox-provider';
import { outboxOf } from '@/offline/outbox/start-outbox';
import { SyncEngine } from '@/offline/outbox/sync-engine';
import { loadUploadBatch, saveUploadBatch } from '@/offline/outbox/upload-batches';
import type { PhotoUploadPayload } from '@/offline/outbox/upload-pipeline';

let db: AdminDatabase;
let engine: SyncEngine<OutboxItem>;

const upload = (photoId: string, albumId = 'album-1'): PhotoUploadPayload => ({
  photoId,
  albumId,
  filename: `${photoId}.jpg`,
  originalFilename: `IMG_${photoId}.jpg`,
  mimeType: 'image/jpeg',
  fileSize: 1000,
});
const entry = (photoId: string) => ({
  photoId,
  originalFilename: `IMG_${photoId}.jpg`,
  fileSize: 1000,
});

function renderBatch(albumId = 'album-1') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <OutboxProvider outbox={outboxOf(engine, db)}>{children}</OutboxProvider>
  );
  return renderHook(() => useUploadBatch(albumId), { wrapper });
}

beforeEach(async () => {
  db = new AdminDatabase(`test-${crypto.randomUUID()}`);
  // Offline: queued uploads stay in the outbox.
  engine = new SyncEngine({
    store: dexieOutboxStore(db),
    send: async () => undefined,
    isOnline: () => false,
  });
  for (const photo of [upload('p1'), upload('p2'), upload('p3', 'album-2')])
    await engine.enqueue(newChange('photo.upload', photo));
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe("an album's upload progress", () => {
  it('comes back from the stored list after a reload', async () => {
    await saveUploadBatch(db, 'album-1', [entry('p0'), entry('p1'), entry('p2')]);
    const { result } = renderBatch();
    await waitFor(() => expect(result.current.entries).toHaveLength(3));
    // p0 left the outbox: the server has it.
    expect({
      done: result.current.done,
      percent: result.current.percent,
      finished: result.current.finished,
    }).toEqual({
      done: 1,
      percent: 33,
      finished: false,
    });
    expect(result.current.stateOf('p1')).toBe('offline');
  });

  it("is rebuilt from the album's queued uploads when the page closed before the list was stored", async () => {
    const { result } = renderBatch();
    await waitFor(() =>
      expect(result.current.entries.map((item) => item.photoId)).toEqual(['p1', 'p2']),
    );
    expect(result.current.done).toBe(0);
    await waitFor(async () =>
      expect((await loadUploadBatch(db, 'album-1')).map((item) => item.photoId)).toEqual([
        'p1',
        'p2',
      ]),
    );
  });

  it('adds a photo once when it is already in the list', async () => {
    const { result } = renderBatch();
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    act(() => result.current.add([entry('p2'), entry('p4')]));
    expect(result.current.entries.map((item) => item.photoId)).toEqual(['p1', 'p2', 'p4']);
  });

  it('shows nothing for an album with no uploads', async () => {
    const { result } = renderBatch('album-3');
    await act(() => engine.flush());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.entries).toEqual([]);
    expect(result.current.finished).toBe(true);
  });
});
