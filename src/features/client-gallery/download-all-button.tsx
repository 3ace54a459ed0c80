import { Download, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import type { DownloadSize } from '@/lib/downloads/photo-download';
import { Button } from '@/ui/button';
import { NativeSelect } from '@/ui/controls';

/**
 * 'Download All Photos'; while the zip is made it is disabled and reads 'Preparing Download...'
 * with the progress. Not `ready` (the album's photos still arriving): shown, but disabled.
 */
export function DownloadAllButton({
  percent,
  ready,
  onClick,
}: {
  percent: number | null;
  ready: boolean;
  onClick: () => void;
}) {
  const preparing = percent !== null;
  return (
    <Button
      size="lg"
      onClick={onClick}
      disabled={preparing || !ready}
      className="min-w-56 rounded-full"
      aria-live="polite"
    >
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

/** 'Size' beside the download buttons, when the link gives originals: 'Original' or 'Web size (2048 px)'. */
export function DownloadSizeChoice({
  value,
  onChange,
}: {
  value: DownloadSize;
  onChange: (size: DownloadSize) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Size
      </label>
      <NativeSelect
        id={id}
        touch
        value={value}
        onChange={(event) => onChange(event.target.value as DownloadSize)}
        className="w-48"
      >
        <option value="original">Original</option>
        <option value="web">Web size (2048 px)</option>
      </NativeSelect>
    </div>
  );
}
