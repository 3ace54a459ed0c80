import Dexie, { type Table, type Transaction } from 'dexie';
import type { StoredBlob } from './queued-change';

/** A cached value (the persisted admin query cache, upload batches). */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * What a queued photo upload has noted on this device besides its blobs (upload-pipeline.ts),
 * one row per photo. Each note only saves work on a retry or after a reload; a row without
 * them is a photo whose upload starts from the beginning.
 */
export interface UploadState {
  photoId: string;
  /** The displayed width × height of its renditions, once made. */
  size?: { width: number; height: number };
  /** The tus upload URL of its original, once the server made it: a retry resumes that upload. */
  uploadUrl?: string;
  /** What is on the server already: a retry goes on from the next step. */
  sent?: { fileUrl?: string; thumbUrl?: string; coverUrl?: string; previewUrl?: string };
}

/**
 * How many times a table has been written. Tabs share the database: one that keeps the outbox
 * in memory reads this to learn, without reading the queue, whether another tab wrote it since.
 */
export interface TableRevision {
  table: 'outbox';
  revision: number;
}

/**
 * The admin app's IndexedDB: the outbox, the blobs of uploads not yet on the server, the state
 * of those uploads, and the persisted query cache that lets the admin screens open offline.
 * The outbox table holds items as they were stored, by any version of the app; the outbox
 * store (outbox-store.ts) reads them through the registry, which upgrades older payloads.
 * This module is the storage layer only: it knows the tables, not the kinds of change.
 *
 * A device keeps its database across app versions, with changes and uploads waiting in it: a
 * change of the tables is a new version whose upgrade carries every row over.
 */
export class AdminDatabase extends Dexie {
  outbox!: Table<unknown, number>;
  blobs!: Table<StoredBlob, string>;
  keyValues!: Table<KeyValue, string>;
  uploads!: Table<UploadState, string>;
  revisions!: Table<TableRevision, string>;

  constructor(name = 'photographer-admin') {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, entity, kind, status',
      blobs: 'key',
      keyValues: 'key',
    });
    // 2: an upload's notes move from keyValues (a JSON string under `photo:<id>:<note>`) to
    // their own table, one row per photo.
    this.version(2).stores({ uploads: 'photoId' }).upgrade(moveUploadNotes);
    // 3: the outbox's revision, counted by every write of the queue (outbox-store.ts).
    this.version(3).stores({ revisions: 'table' });
  }
}

const parsedObject = (json: string): object | undefined => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
};

/** The keys under which version 1 kept an upload's notes: size, tus (the upload URL), sent. */
const VERSION_1_NOTE = /^photo:([^:]+):(size|tus|sent)$/;

/**
 * The upgrade to version 2: each upload's notes in keyValues become its row in `uploads`. A
 * note that cannot be read is dropped, as a note never holds what cannot be made again: the
 * upload then redoes that step (its renditions, or the original from the start).
 */
async function moveUploadNotes(transaction: Transaction): Promise<void> {
  const keyValues = transaction.table<KeyValue, string>('keyValues');
  const notes = await keyValues.where('key').startsWith('photo:').toArray();
  const uploads = new Map<string, UploadState>();
  const moved: string[] = [];
  for (const { key, value } of notes) {
    const match = VERSION_1_NOTE.exec(key);
    if (!match) continue;
    const [, photoId, note] = match as unknown as [string, string, 'size' | 'tus' | 'sent'];
    moved.push(key);
    const upload = uploads.get(photoId) ?? { photoId };
    const parsed = note === 'tus' ? value : parsedObject(value);
    if (parsed === undefined) continue;
    if (note === 'tus') upload.uploadUrl = value;
    else if (note === 'size') upload.size = parsed as UploadState['size'];
    else upload.sent = parsed as UploadState['sent'];
    uploads.set(photoId, upload);
  }
  await transaction.table<UploadState, string>('uploads').bulkPut([...uploads.values()]);
  await keyValues.bulkDelete(moved);
}
