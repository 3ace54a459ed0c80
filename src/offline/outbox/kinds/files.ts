import { uploadToPhotos } from '@/lib/backend/storage';
import { define } from './define';

export interface FileUploadPayload {
  /** Where the bytes wait in IndexedDB. */
  blobKey: string;
  /** Object name in bucket photos. */
  path: string;
  contentType: string;
}

/** A file (the logo, a hero image) for bucket photos, that a later change names. */
export const fileKinds = {
  'file.upload': define({
    version: 1,
    build: (file: FileUploadPayload & { name: string }) => ({
      entity: `file:${file.path}`,
      payload: {
        blobKey: file.blobKey,
        path: file.path,
        contentType: file.contentType,
      } satisfies FileUploadPayload,
      label: `Upload ${file.name}`,
    }),
    send: async ({ blobKey, path, contentType }, { backend, db }) => {
      const stored = await db.blobs.get(blobKey);
      if (!stored) return; // sent earlier; only the outbox entry was left
      await uploadToPhotos(backend, path, stored.blob, contentType);
      await db.blobs.delete(blobKey);
    },
    blobKeys: ({ blobKey }) => [blobKey],
    undo: ({ blobKey }, { db }) => db.blobs.delete(blobKey),
    touches: ({ path }) => [`file:${path}`],
    affects: [],
  }),
};
