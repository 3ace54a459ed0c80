import { ArrowDown } from 'lucide-react';
import { buttonClasses } from '@/ui/button';
import { cn } from '@/ui/cn';
import type { HomeView } from './home-view';
import { SectionLink } from './scroll-to-section';

const PILL = 'h-12 rounded-full px-7 text-base';
/** The soft wash of the palette behind the picture (seen through its opacity) or in its place. */
const WASH = 'bg-linear-to-br from-primary/35 via-background to-secondary/45';
const ROUNDED = 'overflow-hidden rounded-[1.75rem] sm:rounded-[2.5rem]';

/**
 * The hero: the background image (from the design, with its blur and opacity) or a soft wash
 * of the palette, the title, subtitle and text, and the buttons to the galleries and the story.
 *
 * From 1024 px the text sits in a card over the middle of the picture. Below that,
 * a card would cover nearly all of it (issue 19): the picture comes first, 64 % of the
 * viewport's height, and the text follows on the page, the title still on the first screen.
 * Without a picture the wash stands in for it at every width, the text centred on it.
 * Every height is fixed by the viewport, never by the image, so nothing moves as it loads.
 */
export function HeroSection({ hero }: { hero: HomeView['hero'] }) {
  const { image } = hero;
  return (
    <section aria-labelledby="home-hero-title" className="px-3 pb-6 sm:px-6 sm:pb-10">
      <div
        data-testid="home-hero"
        className={cn(
          'relative isolate mx-auto max-w-7xl lg:flex lg:items-center lg:justify-center',
          image
            ? 'lg:min-h-[min(74svh,720px)] lg:overflow-hidden lg:rounded-[2.5rem]'
            : `flex min-h-[min(74svh,720px)] items-center justify-center ${ROUNDED} ${WASH}`,
        )}
      >
        {image ? (
          <div
            className={cn(
              'relative h-[min(64svh,40rem)] lg:absolute lg:inset-0 lg:-z-10 lg:h-auto',
              ROUNDED,
              WASH,
            )}
          >
            <img
              src={image.src}
              alt=""
              width={1600}
              height={1000}
              loading="eager"
              fetchPriority="high"
              data-testid="home-hero-image"
              className="absolute inset-0 size-full object-cover"
              style={image.style}
            />
          </div>
        ) : (
          <div aria-hidden className="absolute inset-0 -z-10">
            <div className="absolute -top-24 -left-16 size-80 rounded-full bg-primary/40 blur-3xl" />
            <div className="absolute -right-20 -bottom-28 size-96 rounded-full bg-secondary/50 blur-3xl" />
            <div className="absolute top-1/3 left-2/3 size-56 rounded-full bg-accent/40 blur-3xl" />
          </div>
        )}
        <div
          data-testid="home-hero-card"
          className={cn(
            'max-w-3xl px-5 py-10 text-center sm:px-12 sm:py-14',
            image
              ? 'mx-auto pb-2 sm:pb-6 lg:mx-4 lg:my-16 lg:rounded-3xl lg:pb-14 lg:bg-background/90 lg:shadow-sm'
              : // A set width: shrunk to its text, the card would change size when the web fonts arrive.
                'mx-4 my-10 w-full',
          )}
        >
          <h1
            id="home-hero-title"
            className="text-[2.5rem] leading-[1.08] text-balance sm:text-6xl lg:text-7xl"
          >
            {hero.title}
          </h1>
          {hero.subtitle && (
            <p className="mx-auto mt-6 max-w-2xl font-heading text-lg text-balance text-foreground/75 italic sm:text-2xl">
              {hero.subtitle}
            </p>
          )}
          {hero.content && (
            <p className="mx-auto mt-5 max-w-xl leading-relaxed whitespace-pre-line text-muted-foreground sm:text-lg">
              {hero.content}
            </p>
          )}
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <SectionLink target="galleries" className={buttonClasses({ size: 'lg' }, PILL)}>
              {hero.galleriesButton}
              <ArrowDown aria-hidden />
            </SectionLink>
            <SectionLink
              target="about-story"
              className={buttonClasses(
                { size: 'lg', variant: 'outline' },
                `${PILL} bg-background/70`,
              )}
            >
              My Story
            </SectionLink>
          </div>
        </div>
      </div>
    </section>
  );
}
