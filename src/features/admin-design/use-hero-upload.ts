import { useEffect, useRef, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { PHOTOS_BUCKET, resolveStorageUrl } from '@/lib/backend/storage';
import { checkStorableImage, storageExtension } from '@/offline/outbox/image-files';
import { useUploadFile } from '@/offline/outbox/outbox-provider';
import { notify } from '@/ui/toast';

interface HeroUpload {
  path: string;
  /** The local file, shown until the page is left (the upload may still be waiting). */
  objectUrl: string;
  sending: boolean;
}

/**
 * Hero image upload through the outbox (SPEC §7): the bytes wait in IndexedDB, the upload is
 * queued, and the public URL is known at once, so the design can be saved right away (the
 * save waits for the upload). A refused upload is dropped and the previous image comes back.
 */
export function useHeroUpload(
  setImage: (update: (current: string | null) => string | null) => void,
) {
  const backend = useBackend();
  const uploadFile = useUploadFile();
  // By public URL.
  const [uploads, setUploads] = useState<Record<string, HeroUpload>>({});
  const objectUrls = useRef<string[]>([]);

  useEffect(() => {
    const created = objectUrls.current;
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const upload = async (file: File, previous: string | null) => {
    const check = checkStorableImage(file);
    if (!check.ok) return notify.error(check.message, check.title);
    const path = `hero-bg-${crypto.randomUUID()}.${storageExtension(file)}`; // SPEC §7
    const url = backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
    const objectUrl = URL.createObjectURL(file);
    objectUrls.current.push(objectUrl);
    setUploads((current) => ({ ...current, [url]: { path, objectUrl, sending: true } }));
    setImage(() => url);

    // A refused upload leaves the queue (with its bytes), and the previous image comes back.
    const result = await uploadFile(file, path, {
      success: 'Image uploaded',
      failure: 'Failed to upload image',
    });
    setUploads((current) => {
      const { [url]: done, ...others } = current;
      return result === 'failed' || !done
        ? others
        : { ...others, [url]: { ...done, sending: false } };
    });
    if (result === 'failed') setImage((current) => (current === url ? previous : current));
  };

  return {
    upload,
    uploading: Object.values(uploads).some((entry) => entry.sending),
    /** What to show for a hero image URL: the local file while it is this page's upload. */
    displayUrl: (url: string | null) =>
      url ? (uploads[url]?.objectUrl ?? resolveStorageUrl(backend, url) ?? null) : null,
    /** The uploads a save with this image must wait for. */
    waitFor: (url: string | null) => (url && uploads[url] ? [uploads[url].path] : []),
  };
}
