import { CheckCircle2, CloudOff, HardDrive, ImagePlus, LoaderCircle, XCircle } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import type { PhotoUploads } from '@/offline/outbox/photo-uploads';
import type { FileState } from '@/offline/outbox/upload-batch';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { Progress } from '@/ui/controls';
import { Dialog, DialogActions } from '@/ui/dialog';
import { useCoarsePointer } from '@/ui/use-media-query';
import { fileSize, sendingPace } from '@/ui/format';

const STATE_LABEL: Record<FileState, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  offline: 'Waiting for connection',
};

/** 'Uploading 42%' while the original is on the wire (the renditions and the record follow). */
function stateLabel(state: FileState, sent: number | undefined, size: number): string {
  if (state !== 'uploading' || sent === undefined || size === 0) return STATE_LABEL[state];
  return `${STATE_LABEL.uploading} ${Math.min(100, Math.floor((sent / size) * 100))}%`;
}

const STATE_ICON: Record<FileState, React.ReactNode> = {
  waiting: <LoaderCircle className="text-muted-foreground" aria-hidden />,
  uploading: <LoaderCircle className="animate-spin" aria-hidden />,
  done: <CheckCircle2 className="text-success" aria-hidden />,
  failed: <XCircle className="text-destructive" aria-hidden />,
  offline: <CloudOff className="text-muted-foreground" aria-hidden />,
};

/**
 * 'Add Photos': a drop zone and a file picker, and the batch's progress. The work is the
 * offline layer's (usePhotoUploads): each photo goes to the outbox with its bytes in
 * IndexedDB, so uploads continue after the dialog closes, offline or after a reload. The bar
 * shows files done ÷ total × 100 (SPEC §4); the line under it the speed and time left; each
 * file its state, and the share of its original sent while it is on the wire.
 */
export function AddPhotosDialog({
  open,
  onOpenChange,
  uploads,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  uploads: PhotoUploads;
}) {
  // A phone has nothing to drag from: its zone only offers 'Choose Photos'.
  const touch = useCoarsePointer();
  const { entries, stateOf, done, percent, refusal } = uploads;

  const {
    getRootProps,
    getInputProps,
    isDragActive,
    open: openPicker,
  } = useDropzone({
    accept: { 'image/*': [] },
    multiple: true,
    noClick: true,
    onDrop: (files, rejected) =>
      void uploads.addFiles(
        files,
        rejected.map(({ file }) => file),
      ),
  });

  const close = (next: boolean) => {
    if (!next) uploads.dismissRefusal();
    if (!next && uploads.finished) uploads.clear();
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
          {!touch && (
            <p className="font-medium">
              {isDragActive ? 'Drop the photos here' : 'Drag photos here'}
            </p>
          )}
          <p className="text-sm text-muted-foreground">JPEG, PNG, WebP, GIF or AVIF</p>
        </div>
        <Button variant="outline" onClick={openPicker}>
          Choose Photos
        </Button>
      </div>

      {refusal && (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm [&_svg]:size-4"
        >
          <HardDrive className="mt-0.5 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-medium">Not enough space</p>
            <p className="text-muted-foreground">{refusal}</p>
          </div>
        </div>
      )}

      {entries.length > 0 && (
        <div className="mt-5">
          {/* Announced when a file is done; the speed and the files' shares change too often to read out. */}
          <div className="mb-2 flex items-center justify-between text-sm" aria-live="polite">
            <span>
              {done} of {entries.length} uploaded
            </span>
            <span className="font-medium tabular-nums" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
          <Progress value={percent} label="Upload progress" />
          <p
            className="mt-1.5 min-h-5 text-xs text-muted-foreground tabular-nums"
            data-testid="upload-speed"
          >
            {uploads.bytesPerSecond !== null &&
              sendingPace(uploads.bytesPerSecond, uploads.secondsLeft)}
          </p>
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
                  <span className="hidden shrink-0 text-xs text-muted-foreground tabular-nums sm:inline">
                    {fileSize(upload.fileSize)}
                  </span>
                  <span className="shrink-0 text-right text-xs text-muted-foreground tabular-nums sm:w-36">
                    {stateLabel(state, uploads.sentBytes(upload.photoId), upload.fileSize)}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <DialogActions>
        <Button onClick={() => close(false)}>
          {uploads.finished ? 'Done' : 'Continue in background'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
