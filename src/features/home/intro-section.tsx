import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '@/ui/button';
import { HomeLink } from './home-link';
import type { HomeView } from './home-view';
import { CONTAINER } from './section-heading';

/** The optional intro (only when an active 'intro' section exists): title, subtitle, text and its button. */
export function IntroSection({ intro }: { intro: NonNullable<HomeView['intro']> }) {
  return (
    <section
      aria-labelledby={intro.title ? 'home-intro-title' : undefined}
      aria-label={intro.title ? undefined : 'Introduction'}
      className={`${CONTAINER} py-20 sm:py-28`}
    >
      <div className="mx-auto max-w-3xl text-center">
        {intro.title && (
          <h2
            id="home-intro-title"
            className="text-3xl leading-tight text-balance sm:text-4xl lg:text-[2.75rem]"
          >
            {intro.title}
          </h2>
        )}
        {intro.subtitle && (
          <p className="mt-4 font-heading text-lg text-foreground/70 italic sm:text-xl">
            {intro.subtitle}
          </p>
        )}
        <span aria-hidden className="mx-auto mt-7 block h-px w-16 bg-primary" />
        {intro.content && (
          <p className="mt-7 text-base leading-relaxed whitespace-pre-line text-muted-foreground sm:text-lg">
            {intro.content}
          </p>
        )}
        {intro.button && (
          <HomeLink
            link={intro.button}
            className={buttonClasses(
              { variant: 'outline', size: 'lg' },
              'mt-9 h-12 rounded-full px-7 text-base',
            )}
          >
            {intro.button.text}
            <ArrowRight aria-hidden />
          </HomeLink>
        )}
      </div>
    </section>
  );
}
