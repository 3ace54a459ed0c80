import { CloudUpload } from 'lucide-react';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/controls';
import type { PhotoUploads } from '@/offline/outbox/photo-uploads';
import { sendingPace } from '@/ui/format';

/**
 * The album page's line for an 'Add Photos' batch still on its way (the dialog closed, or
 * the page reloaded): files done ÷ total, speed and time left, and a way back to the per-file list.
 */
export function UploadProgress({
  uploads,
  onShowDetails,
}: {
  uploads: PhotoUploads;
  onShowDetails: () => void;
}) {
  const { entries, done, failed, percent, bytesPerSecond, secondsLeft } = uploads;
  return (
    <section
      className="mb-6 rounded-xl border bg-card p-4"
      aria-label="Upload progress"
      data-testid="upload-progress"
    >
      <div className="mb-2 flex items-center gap-3 text-sm">
        <CloudUpload className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1">
          {done} of {entries.length} uploaded
          {failed > 0 && <span className="text-destructive"> · {failed} failed</span>}
          {bytesPerSecond !== null && (
            <span className="text-muted-foreground tabular-nums">
              {' '}
              · {sendingPace(bytesPerSecond, secondsLeft)}
            </span>
          )}
        </span>
        <span className="font-medium tabular-nums">{percent}%</span>
        <Button size="sm" variant="ghost" onClick={onShowDetails}>
          Details
        </Button>
      </div>
      <Progress value={percent} label="Upload progress" />
    </section>
  );
}
