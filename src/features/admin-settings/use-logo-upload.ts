import { useEffect, useState } from 'react';
import { useBackend } from '@/lib/backend/backend-context';
import { PHOTOS_BUCKET } from '@/lib/backend/storage';
import { checkStorableImage, storageExtension } from '@/offline/outbox/image-files';
import { useUploadFile } from '@/offline/outbox/outbox-provider';
import { notify } from '@/ui/toast';

/** A logo chosen on this device and not yet saved into the profile. */
export interface LocalLogo {
  path: string;
  /** Its public URL, known before the upload is sent. */
  url: string;
  /** An object URL of the local file, for the preview. */
  previewUrl: string;
}

/**
 * Logo upload through the outbox: the bytes wait in IndexedDB, the upload is queued, and the
 * logo's URL is known at once so the profile can be saved right after (waiting for the upload).
 */
export function useLogoUpload(onUrl: (url: string | null) => void) {
  const backend = useBackend();
  const uploadFile = useUploadFile();
  const [local, setLocal] = useState<LocalLogo | null>(null);

  useEffect(() => {
    if (!local) return;
    return () => URL.revokeObjectURL(local.previewUrl);
  }, [local]);

  const choose = async (file: File, previousUrl: string) => {
    const check = checkStorableImage(file);
    if (!check.ok) return notify.error(check.message, check.title);
    const path = `logo-${Date.now()}.${storageExtension(file)}`; // SPEC §7
    const url = backend.adminClient.storage.from(PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl;
    const chosen = { path, url, previewUrl: URL.createObjectURL(file) };
    setLocal(chosen);
    onUrl(url);
    const result = await uploadFile(file, path, {
      success: 'Logo uploaded',
      failure: 'Failed to upload logo',
    });
    // The server refused the file: go back to the logo the form had, unless another was chosen since.
    if (result === 'failed') {
      setLocal((current) => (current?.path === path ? null : current));
      onUrl(previousUrl || null);
    }
  };

  return {
    local,
    choose,
    /** The uploads a profile save with this logo URL must wait for. */
    waitFor: (logoUrl: string) => (local && local.url === logoUrl ? [local.path] : []),
    /** The profile with this logo is on the server: the saved URL can be shown from now on. */
    saved: () => setLocal(null),
    forget: () => setLocal(null),
  };
}
