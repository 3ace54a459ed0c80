import { useCallback, useEffect, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { PHOTOS_BUCKET } from '@/lib/backend/storage';
import { checkStorableImage, storageExtension } from '@/offline/outbox/image-files';
import { useUploadFile } from '@/offline/outbox/outbox-provider';
import { notify } from '@/ui/toast';

/** A photo chosen on this device for the testimonial being written. */
interface LocalPhoto {
  path: string;
  /** Its public URL, known before the upload is sent. */
  url: string;
  /** An object URL of the local file, for the preview. */
  previewUrl: string;
}

/**
 * The client's photo, uploaded through the outbox as the logo and the hero image are: the
 * bytes wait in IndexedDB, the upload is queued, and the photo's URL is known at once, so the
 * testimonial can be saved right away (its change waits for the upload).
 */
export function usePhotoUpload(onUrl: (url: string | null) => void) {
  const backend = useBackend();
  const uploadFile = useUploadFile();
  const [local, setLocal] = useState<LocalPhoto | null>(null);

  useEffect(() => {
    if (!local) return;
    return () => URL.revokeObjectURL(local.previewUrl);
  }, [local]);

  const forget = useCallback(() => setLocal(null), []);

  const choose = async (file: File, previousUrl: string) => {
    const check = checkStorableImage(file);
    if (!check.ok) return notify.error(check.message, check.title);
    const path = `testimonial-${crypto.randomUUID()}.${storageExtension(file)}`;
    const url = backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
    setLocal({ path, url, previewUrl: URL.createObjectURL(file) });
    onUrl(url);
    const result = await uploadFile(file, path, { success: 'Photo uploaded', failure: 'Failed to upload photo' });
    // The server refused the file: back to the photo the form had, unless another was chosen since.
    if (result === 'failed') {
      setLocal((current) => (current?.path === path ? null : current));
      onUrl(previousUrl || null);
    }
  };

  return {
    local,
    choose,
    /** The uploads a save with this photo URL must wait for. */
    waitFor: (photoUrl: string) => (local && local.url === photoUrl ? [local.path] : []),
    /** Drops the chosen photo (Remove, or the dialog opened afresh); stable across renders. */
    forget,
  };
}
