import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '@/ui/button';

/** 'Download All Photos'; while the zip is made it is disabled and reads 'Preparing Download...' with the progress. */
export function DownloadAllButton({ percent, onClick }: { percent: number | null; onClick: () => void }) {
  const preparing = percent !== null;
  return (
    <Button size="lg" onClick={onClick} disabled={preparing} className="min-w-56 rounded-full" aria-live="polite">
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
