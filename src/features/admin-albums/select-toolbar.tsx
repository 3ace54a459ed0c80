import { CheckSquare, Download, GalleryHorizontalEnd, Trash2, X } from 'lucide-react';
import { Button } from '@/ui/button';
import { photoCount } from '@/ui/format';

interface SelectToolbarProps {
  count: number;
  total: number;
  onSelectAll: () => void;
  onAddToGallery: () => void;
  onDownload: () => void;
  /** How far the selection's zip is, or null when none is being made. */
  downloadPercent: number | null;
  onDelete: () => void;
  onDone: () => void;
}

/** Select mode's bar: how many are selected, 'Select all', what to do with them, and 'Done'. */
export function SelectToolbar({
  count,
  total,
  onSelectAll,
  onAddToGallery,
  onDownload,
  downloadPercent,
  onDelete,
  onDone,
}: SelectToolbarProps) {
  return (
    <div
      role="toolbar"
      aria-label="Selected photos"
      className="sticky top-2 z-20 mb-4 flex flex-wrap items-center gap-2 rounded-xl border bg-card p-2 shadow-sm"
    >
      <p
        className="mr-auto px-2 text-sm font-medium tabular-nums"
        aria-live="polite"
        data-testid="selection-count"
      >
        {count === 0
          ? 'Select photos: Shift-click selects a range'
          : `${photoCount(count)} selected`}
      </p>
      <Button variant="ghost" className="min-h-11" onClick={onSelectAll} disabled={count === total}>
        <CheckSquare aria-hidden /> Select all
      </Button>
      <Button
        variant="outline"
        className="min-h-11"
        onClick={onAddToGallery}
        disabled={count === 0}
      >
        <GalleryHorizontalEnd aria-hidden /> Add to public gallery…
      </Button>
      <Button
        variant="outline"
        className="min-h-11"
        onClick={onDownload}
        disabled={count === 0 || downloadPercent !== null}
      >
        <Download aria-hidden />{' '}
        {downloadPercent === null ? 'Download' : `Downloading ${downloadPercent}%`}
      </Button>
      <Button variant="destructive" className="min-h-11" onClick={onDelete} disabled={count === 0}>
        <Trash2 aria-hidden /> Delete
      </Button>
      <Button variant="outline" className="min-h-11" onClick={onDone}>
        <X aria-hidden /> Done
      </Button>
    </div>
  );
}
