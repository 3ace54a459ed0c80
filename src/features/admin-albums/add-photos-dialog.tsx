import { CheckCircle2, CloudOff, HardDrive, ImagePlus, LoaderCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { checkStorableImage } from '@/offline/outbox/image-files';
import { useQueuePhotos } from '@/offline/outbox/queue-photos';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Progress } from '@/ui/controls';
import { Dialog, DialogActions } from '@/ui/dialog';
import { useCoarsePointer } from '@/ui/use-media-query';
import { fileSize, photosWord } from '@/ui/format';
import { notify } from '@/ui/toast';
import type { FileState, UploadBatch } from './use-upload-batch';

const STATE_LABEL: Record<FileState, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  offline: 'Waiting for connection',
};

const STATE_ICON: Record<FileState, React.ReactNode> = {
  waiting: <LoaderCircle className="text-muted-foreground" aria-hidden />,
  uploading: <LoaderCircle className="animate-spin" aria-hidden />,
  done: <CheckCircle2 className="text-success" aria-hidden />,
  failed: <XCircle className="text-destructive" aria-hidden />,
  offline: <CloudOff className="text-muted-foreground" aria-hidden />,
};

/** Keeps only images the site can store and show; says why about the others (SPEC §5). */
function acceptable(files: File[], rejected: FileRejection[]): File[] {
  for (const { file } of rejected) notify.error(`${file.name} is not an image file.`, 'Invalid file type');
  return files.filter((file) => {
    const check = checkStorableImage(file);
    if (!check.ok) notify.error(check.message, check.title);
    return check.ok;
  });
}

/**
 * 'Add Photos': a drop zone and a file picker. Each photo goes to the outbox with its bytes
 * in IndexedDB, so uploads continue after the dialog closes, offline or after a reload. The
 * bar shows files done ÷ total × 100 (SPEC §4), each file its own state; the batch is kept
 * with the album, so its progress is back after a reload.
 */
export function AddPhotosDialog({
  open,
  onOpenChange,
  albumId,
  batch,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  albumId: string;
  batch: UploadBatch;
}) {
  const queuePhotos = useQueuePhotos(albumId);
  // A phone has nothing to drag from: its zone only offers 'Choose Photos'.
  const touch = useCoarsePointer();
  const { entries, stateOf, done, percent } = batch;
  const [refusal, setRefusal] = useState<string | null>(null);

  const queue = async (files: File[], rejected: FileRejection[]) => {
    const images = acceptable(files, rejected);
    if (images.length === 0) return;
    const { queued, unreadable, refusal: refused, outcomes } = await queuePhotos(images);
    for (const photo of unreadable) notify.error(photo.message, photo.title);
    setRefusal(refused);
    if (queued.length === 0) return;
    // In the queue before the list shows them, so no file flashes 'Uploaded' on its way in.
    batch.add(queued.map(({ photoId, originalFilename, fileSize }) => ({ photoId, originalFilename, fileSize })));
    const settled = await outcomes;
    const failed = settled.filter((outcome) => outcome.status === 'rejected').length;
    const waiting = settled.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 'queued').length;
    if (failed > 0) notify.error('Failed to upload photos. Please try again.', 'Upload failed');
    else if (waiting > 0)
      notify.info('Saved on this device', `${waiting} ${photosWord(waiting)} will upload as soon as the connection allows.`);
    else notify.success('Upload complete', `${queued.length} ${photosWord(queued.length)} uploaded successfully.`);
  };

  const {
    getRootProps,
    getInputProps,
    isDragActive,
    open: openPicker,
  } = useDropzone({
    accept: { 'image/*': [] },
    multiple: true,
    noClick: true,
    onDrop: (files, rejected) => void queue(files, rejected),
  });

  const close = (next: boolean) => {
    if (!next) setRefusal(null);
    if (!next && batch.finished) batch.clear();
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Photos"
      description="Originals are kept for downloads; previews are made for fast viewing."
    >
      <div
        {...getRootProps()}
        data-testid="drop-zone"
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          isDragActive ? 'border-primary bg-accent' : 'border-border bg-muted/40',
        )}
      >
        <input {...getInputProps()} aria-label="Choose photos" />
        <ImagePlus className="size-10 text-muted-foreground" strokeWidth={1.25} aria-hidden />
        <div>
          {!touch && <p className="font-medium">{isDragActive ? 'Drop the photos here' : 'Drag photos here'}</p>}
          <p className="text-sm text-muted-foreground">JPEG, PNG, WebP, GIF or AVIF</p>
        </div>
        <Button variant="outline" onClick={openPicker}>
          Choose Photos
        </Button>
      </div>

      {refusal && (
        <div role="alert" className="mt-4 flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm [&_svg]:size-4">
          <HardDrive className="mt-0.5 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-medium">Not enough space</p>
            <p className="text-muted-foreground">{refusal}</p>
          </div>
        </div>
      )}

      {entries.length > 0 && (
        <div className="mt-5" aria-live="polite">
          <div className="mb-2 flex items-center justify-between text-sm">
            <span>
              {done} of {entries.length} uploaded
            </span>
            <span className="font-medium tabular-nums" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
          <Progress value={percent} label="Upload progress" />
          <ul className="mt-4 grid max-h-56 gap-1 overflow-y-auto pr-1">
            {entries.map((upload) => {
              const state = stateOf(upload.photoId);
              return (
                <li
                  key={upload.photoId}
                  className="flex items-center gap-3 rounded-md px-2 py-1.5 text-sm odd:bg-muted/50 [&_svg]:size-4"
                  data-state={state}
                >
                  {STATE_ICON[state]}
                  <span className="min-w-0 flex-1 truncate">{upload.originalFilename}</span>
                  <span className="hidden shrink-0 text-xs text-muted-foreground tabular-nums sm:inline">{fileSize(upload.fileSize)}</span>
                  <span className="shrink-0 text-right text-xs text-muted-foreground sm:w-36">{STATE_LABEL[state]}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <DialogActions>
        <Button onClick={() => close(false)}>{batch.finished ? 'Done' : 'Continue in background'}</Button>
      </DialogActions>
    </Dialog>
  );
}
