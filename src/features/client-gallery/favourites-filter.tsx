import { Heart } from 'lucide-react';
import { Button } from '@/ui/button';

/** 'All photos' / 'Favourites (N)': which photos the grid shows. */
export function FavouritesFilter({
  count,
  only,
  onChange,
}: {
  count: number;
  only: boolean;
  onChange: (only: boolean) => void;
}) {
  return (
    <div role="group" aria-label="Photos shown" className="flex gap-2">
      <Button
        variant={only ? 'outline' : 'default'}
        aria-pressed={!only}
        onClick={() => onChange(false)}
        className="min-h-11 rounded-full"
      >
        All photos
      </Button>
      <Button
        variant={only ? 'default' : 'outline'}
        aria-pressed={only}
        onClick={() => onChange(true)}
        className="min-h-11 rounded-full"
      >
        <Heart aria-hidden fill={count > 0 ? 'currentColor' : 'none'} />
        Favourites ({count})
      </Button>
    </div>
  );
}

/** Where the client's hearts stand when they are not simply on the server. */
export function FavouritesNotice({
  waiting,
  online,
  refusal,
}: {
  waiting: number;
  online: boolean;
  refusal: string | null;
}) {
  const text = refusal
    ? `Your favourites are kept on this device but could not be sent: ${refusal}`
    : waiting > 0 && !online
      ? `${waiting} ${waiting === 1 ? 'change' : 'changes'} to your favourites saved on this device; ${waiting === 1 ? 'it' : 'they'} will be sent when you are back online.`
      : null;
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {text}
    </p>
  );
}
