import { Camera } from 'lucide-react';
import { Link } from '@/lib/navigation/navigation';
import { photoCount } from '@/ui/format';
import type { CollectionCardView } from './home-view';

/** The cards' grid: 1, 2, 3 and 4 columns as the window widens, inside the sections' CONTAINER. */
export const CARD_GRID =
  'grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * How wide a card's photo is in CARD_GRID (max-w-7xl less its 20 px or 32 px sides, 24 px
 * gaps): the browser picks the thumbnail or the cover rendition from it and the screen's
 * pixel ratio. A 390 px phone at 3× takes the cover; 4 columns at 1× the thumbnail.
 */
export const CARD_IMAGE_SIZES = [
  '(min-width: 1280px) 286px',
  '(min-width: 1024px) calc(33.3vw - 37px)',
  '(min-width: 640px) calc(50vw - 44px)',
  'calc(100vw - 40px)',
].join(', ');

/**
 * One collection: its cover in a fixed 4:3 box (lazy, so only what is scrolled to loads, and
 * nothing jumps), title, description and photo count. The whole card is the link.
 */
export function CollectionCard({ card }: { card: CollectionCardView }) {
  return (
    <li>
      <Link
        to={card.href}
        className="group block rounded-3xl outline-offset-4 focus-visible:outline-2"
        data-testid="collection-card"
      >
        <div className="relative aspect-[4/3] overflow-hidden rounded-3xl bg-muted shadow-[0_1px_2px_hsl(var(--foreground)/0.05)] transition-shadow duration-300 group-hover:shadow-lg">
          {/* sizes and srcset before src, so the browser never picks before it knows them. */}
          {card.coverSrc ? (
            <img
              alt=""
              width={480}
              height={360}
              loading="lazy"
              decoding="async"
              sizes={card.coverSrcSet ? CARD_IMAGE_SIZES : undefined}
              srcSet={card.coverSrcSet}
              src={card.coverSrc}
              className="size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.04] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
            />
          ) : (
            <span
              className="flex size-full items-center justify-center bg-linear-to-br from-primary/25 to-secondary/30"
              aria-hidden
            >
              <Camera className="size-8 text-foreground/40" strokeWidth={1.25} />
            </span>
          )}
        </div>
        <div className="px-1 pt-4">
          <h4 className="font-heading text-xl leading-snug transition-colors group-hover:text-foreground/75">
            {card.title}
          </h4>
          {card.description && (
            <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-muted-foreground">
              {card.description}
            </p>
          )}
          <p className="mt-2.5 text-xs font-semibold tracking-[0.16em] text-foreground/75 uppercase">
            {photoCount(card.photoCount)}
          </p>
        </div>
      </Link>
    </li>
  );
}
