import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '@/ui/button';

/**
 * 'Download All Photos'; while the zip is made it is disabled and reads 'Preparing Download...'
 * with the progress. Not `ready` (the album's photos still arriving): shown, but disabled.
 */
export function DownloadAllButton({ percent, ready, onClick }: { percent: number | null; ready: boolean; onClick: () => void }) {
  const preparing = percent !== null;
  return (
    <Button size="lg" onClick={onClick} disabled={preparing || !ready} className="min-w-56 rounded-full" aria-live="polite">
      {preparing ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {preparing ? (
        <>
          <span>Preparing Download...</span>
          <span className="tabular-nums" data-testid="download-progress">
            {percent}%
          </span>
        </>
      ) : (
        'Download All Photos'
      )}
    </Button>
  );
}
