import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { CARD_GRID, CollectionCard } from './collection-card';
import type { CollectionCardView } from './home-view';
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading';

/** Cards shown at first and added by each 'Show more' (12 fills whole rows of 1, 2, 3 or 4 columns). */
export const CARDS_PER_PAGE = 12;

interface ListWording {
  title: string;
  /** What one card is called: 'collection' → '1 collection', '5 collections'. */
  unit: string;
  moreLabel: string;
}

function CollectionList({
  id,
  cards,
  wording,
}: {
  id: string;
  cards: CollectionCardView[];
  wording: ListWording;
}) {
  const { title, unit, moreLabel } = wording;
  const [shown, setShown] = useState(CARDS_PER_PAGE);
  const visible = cards.slice(0, shown);
  return (
    <div aria-labelledby={id} role="group" className="mt-16 first:mt-14">
      <div className="flex items-baseline justify-between gap-4 border-b pb-4">
        <h3 id={id} className="text-2xl sm:text-3xl">
          {title}
        </h3>
        <p className="shrink-0 text-sm text-muted-foreground">{`${cards.length} ${unit}${cards.length === 1 ? '' : 's'}`}</p>
      </div>
      <ul className={`mt-8 ${CARD_GRID}`}>
        {visible.map((card) => (
          <CollectionCard key={card.id} card={card} />
        ))}
      </ul>
      {cards.length > shown && (
        <div className="mt-10 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            className="h-12 rounded-full px-7 text-base"
            onClick={() => setShown((count) => count + CARDS_PER_PAGE)}
          >
            {moreLabel}
          </Button>
        </div>
      )}
    </div>
  );
}

const FEATURED: ListWording = {
  title: 'Featured Collections',
  unit: 'collection',
  moreLabel: 'Show more collections',
};
const RECENT: ListWording = {
  title: 'Recent Sessions',
  unit: 'session',
  moreLabel: 'Show more sessions',
};

/**
 * Story Collections (#galleries): Featured Collections (active public galleries) and Recent
 * Sessions (public albums), each only when it has any; 'Magic is Coming Soon!' when neither has.
 */
export function CollectionsSection({
  featured,
  recent,
}: {
  featured: CollectionCardView[];
  recent: CollectionCardView[];
}) {
  const empty = featured.length === 0 && recent.length === 0;
  return (
    <section
      id="galleries"
      tabIndex={-1}
      aria-labelledby="home-galleries-title"
      className={`${SECTION_SPACING} scroll-mt-6 bg-muted/40 outline-none`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="home-galleries-title"
          eyebrow="Portfolio"
          title="Story Collections"
          description="A few favourite moments from recent sessions: real people, soft light and stories worth keeping."
        />
        {empty ? (
          <div className="mx-auto mt-14 flex max-w-lg flex-col items-center rounded-3xl border border-dashed bg-card/60 px-6 py-14 text-center">
            <span
              className="flex size-14 items-center justify-center rounded-full bg-primary/30"
              aria-hidden
            >
              <Sparkles className="size-6 text-foreground/70" strokeWidth={1.5} />
            </span>
            <h3 className="mt-6 text-2xl">Magic is Coming Soon!</h3>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              New stories are being edited with care. Check back soon to see the latest sessions.
            </p>
          </div>
        ) : (
          <>
            {featured.length > 0 && (
              <CollectionList id="home-featured-title" cards={featured} wording={FEATURED} />
            )}
            {recent.length > 0 && (
              <CollectionList id="home-recent-title" cards={recent} wording={RECENT} />
            )}
          </>
        )}
      </div>
    </section>
  );
}
