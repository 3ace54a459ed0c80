import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { useOutbox } from './outbox-provider';
import { photoUploadBlobKeys } from './upload-pipeline';

/**
 * Object URLs of the thumbnails of uploads still in the browser, by photo id; they appear as
 * soon as a thumbnail is made and are released when no longer shown.
 */
export function useLocalThumbnails(photoIds: string[]): Record<string, string> {
  const { db } = useOutbox();
  const [urls, setUrls] = useState<Record<string, string>>({});
  const key = photoIds.join(',');

  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    let current: Record<string, string> = {};
    const subscription = liveQuery(() =>
      db.blobs.bulkGet(ids.map((id) => photoUploadBlobKeys(id).thumb)),
    ).subscribe({
      next(rows) {
        const next: Record<string, string> = {};
        rows.forEach((row, index) => {
          const id = ids[index]!;
          if (row) next[id] = current[id] ?? URL.createObjectURL(row.blob);
        });
        Object.entries(current).forEach(
          ([id, url]) => next[id] !== url && URL.revokeObjectURL(url),
        );
        current = next;
        setUrls(next);
      },
      error: (error: unknown) => console.error('Local thumbnails', error),
    });
    return () => {
      subscription.unsubscribe();
      Object.values(current).forEach((url) => URL.revokeObjectURL(url));
    };
  }, [db, key]);

  return urls;
}
