import { useCallback, useEffect, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { PHOTOS_BUCKET, resolveStorageUrl } from '@/lib/backend/storage';
import { notify } from '@/ui/toast';
import { checkStorableImage, storageExtension } from './image-files';
import { useUploadFile } from './outbox-provider';

/** An image chosen on this device for a form (a logo, a testimonial's photo) and not yet saved with it. */
export interface ChosenImage {
  path: string;
  /** Its public URL, known before the upload is sent. */
  url: string;
  /** An object URL of the local file, for the preview. */
  previewUrl: string;
}

interface ChosenImageOptions {
  /** The object's name in bucket photos, given the file's extension (SPEC §7 names the logo's). */
  objectName: (extension: string) => string;
  /** The upload's toasts ('Logo uploaded' / 'Failed to upload logo'). */
  toasts: { success: string; failure: string };
}

/**
 * One image field's upload through the outbox: the bytes wait in IndexedDB, the upload is
 * queued, and the image's URL is known at once, so the form can be saved right after (its
 * change waits for the upload: `waitFor`). A refused upload puts back the URL the form had.
 */
export function useChosenImage(
  { objectName, toasts }: ChosenImageOptions,
  onUrl: (url: string | null) => void,
) {
  const backend = useBackend();
  const uploadFile = useUploadFile();
  const [local, setLocal] = useState<ChosenImage | null>(null);

  useEffect(() => {
    if (!local) return;
    return () => URL.revokeObjectURL(local.previewUrl);
  }, [local]);

  const forget = useCallback(() => setLocal(null), []);

  const choose = async (file: File, previousUrl: string) => {
    const check = checkStorableImage(file);
    if (!check.ok) return notify.error(check.message, check.title);
    const path = objectName(storageExtension(file));
    const url = backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
    setLocal({ path, url, previewUrl: URL.createObjectURL(file) });
    onUrl(url);
    const result = await uploadFile(file, path, toasts);
    // The server refused the file: back to the image the form had, unless another was chosen since.
    if (result === 'failed') {
      setLocal((current) => (current?.path === path ? null : current));
      onUrl(previousUrl || null);
    }
  };

  return {
    local,
    choose,
    /** What to preview for the form's image URL: the local file while it is the one chosen. */
    previewOf: (imageUrl: string) =>
      local?.url === imageUrl ? local.previewUrl : resolveStorageUrl(backend, imageUrl.trim()),
    /** The uploads a save with this image URL must wait for. */
    waitFor: (imageUrl: string) => (local && local.url === imageUrl ? [local.path] : []),
    /** Drops the chosen image: removed, the form opened afresh, or saved (the stored URL shows from then on). Stable. */
    forget,
  };
}
