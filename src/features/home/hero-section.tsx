import { ArrowDown } from 'lucide-react';
import { buttonClasses } from '@/ui/button';
import { cn } from '@/ui/cn';
import type { HomeView } from './home-view';
import { SectionLink } from './scroll-to-section';

const PILL = 'h-12 rounded-full px-7 text-base';

/**
 * The hero: the background image (from the design, with its blur and opacity) or a soft wash
 * of the palette, the title, subtitle and text, and the buttons to the galleries and the story.
 * Its height is fixed by the viewport, never by the image, so nothing moves as it loads.
 */
export function HeroSection({ hero }: { hero: HomeView['hero'] }) {
  const { image } = hero;
  return (
    <section aria-labelledby="home-hero-title" className="px-3 pb-6 sm:px-6 sm:pb-10">
      <div
        className={cn(
          'relative isolate mx-auto flex min-h-[min(74svh,720px)] max-w-7xl items-center justify-center overflow-hidden rounded-[1.75rem] sm:rounded-[2.5rem]',
          'bg-linear-to-br from-primary/35 via-background to-secondary/45',
        )}
      >
        {image ? (
          <img
            src={image.src}
            alt=""
            width={1600}
            height={1000}
            loading="eager"
            fetchPriority="high"
            data-testid="home-hero-image"
            className="absolute inset-0 -z-10 size-full object-cover"
            style={image.style}
          />
        ) : (
          <div aria-hidden className="absolute inset-0 -z-10">
            <div className="absolute -top-24 -left-16 size-80 rounded-full bg-primary/40 blur-3xl" />
            <div className="absolute -right-20 -bottom-28 size-96 rounded-full bg-secondary/50 blur-3xl" />
            <div className="absolute top-1/3 left-2/3 size-56 rounded-full bg-accent/40 blur-3xl" />
          </div>
        )}
        <div
          className={cn(
            'mx-4 max-w-3xl px-5 py-10 text-center sm:px-12 sm:py-14',
            image ? 'my-14 rounded-3xl bg-background/80 shadow-sm backdrop-blur-md sm:my-16' : 'my-10',
          )}
        >
          <h1 id="home-hero-title" className="text-[2.5rem] leading-[1.08] text-balance sm:text-6xl lg:text-7xl">
            {hero.title}
          </h1>
          {hero.subtitle && (
            <p className="mx-auto mt-6 max-w-2xl font-heading text-lg text-balance text-foreground/75 italic sm:text-2xl">
              {hero.subtitle}
            </p>
          )}
          {hero.content && (
            <p className="mx-auto mt-5 max-w-xl leading-relaxed whitespace-pre-line text-muted-foreground sm:text-lg">{hero.content}</p>
          )}
          <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <SectionLink target="galleries" className={buttonClasses({ size: 'lg' }, PILL)}>
              {hero.galleriesButton}
              <ArrowDown aria-hidden />
            </SectionLink>
            <SectionLink target="about-story" className={buttonClasses({ size: 'lg', variant: 'outline' }, `${PILL} bg-background/70`)}>
              My Story
            </SectionLink>
          </div>
        </div>
      </div>
    </section>
  );
}
