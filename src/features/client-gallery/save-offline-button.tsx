import { CircleCheck, CloudDownload, LoaderCircle } from 'lucide-react';
import { Button } from '@/ui/button';
import { megabytes } from '@/ui/format';

interface SaveOfflineButtonProps {
  progress: { done: number; total: number } | null;
  saved: { bytes: number } | null;
  /** False while the album's photos are still arriving: the button shows, disabled. */
  ready: boolean;
  onSave: () => void;
}

/** 'Save for offline', its progress, then 'Saved for offline' with the space the album takes. */
export function SaveOfflineButton({ progress, saved, ready, onSave }: SaveOfflineButtonProps) {
  if (progress) {
    const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
    return (
      <Button variant="outline" size="lg" disabled className="rounded-full" aria-live="polite">
        <LoaderCircle className="animate-spin" aria-hidden />
        <span>Saving for offline...</span>
        <span className="tabular-nums">{percent}%</span>
      </Button>
    );
  }
  if (saved) {
    return (
      <p
        className="inline-flex h-11 items-center gap-2 rounded-full border border-border bg-card/70 px-5 text-sm"
        data-testid="saved-offline"
      >
        <CircleCheck className="size-4 text-emerald-600" aria-hidden />
        Saved for offline · {megabytes(saved.bytes)}
      </p>
    );
  }
  return (
    <Button variant="outline" size="lg" className="rounded-full" disabled={!ready} onClick={onSave}>
      <CloudDownload aria-hidden />
      Save for offline
    </Button>
  );
}
