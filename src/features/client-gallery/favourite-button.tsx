import { Heart } from 'lucide-react';
import { cn } from '@/ui/cn';
import { tileButtonClasses } from '@/ui/photos/photo-gallery';

/**
 * A photo's heart: 'Add to favourites' / 'Remove from favourites', a toggle (aria-pressed).
 * On a tile a round 44 px button that stays in sight while on; in the viewer a toolbar button.
 */
export function FavouriteButton({
  chosen,
  place,
  onToggle,
}: {
  chosen: boolean;
  place: 'tile' | 'viewer';
  onToggle: () => void;
}) {
  const label = chosen ? 'Remove from favourites' : 'Add to favourites';
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={
        place === 'tile'
          ? cn(tileButtonClasses({ shown: chosen }), chosen ? 'text-rose-600' : 'text-foreground')
          : 'yarl__button'
      }
    >
      <Heart
        className={cn(
          place === 'tile' ? 'size-4' : 'yarl__icon',
          place === 'viewer' && chosen && 'text-rose-500',
        )}
        fill={chosen ? 'currentColor' : 'none'}
        strokeWidth={place === 'tile' ? 2 : 1.75}
        aria-hidden
      />
    </button>
  );
}
