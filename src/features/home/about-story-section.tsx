import { Quote } from 'lucide-react';
import type { HomeView } from './home-view';
import { CONTAINER, SECTION_SPACING } from './section-heading';

/** The photographer's story (#about-story): title, subtitle and text, each with a default; an image beside it when the section has one. */
export function AboutStorySection({ story }: { story: HomeView['aboutStory'] }) {
  const text = (
    <div className={story.imageSrc ? 'text-center lg:text-left' : 'mx-auto max-w-3xl text-center'}>
      <p className="text-xs font-semibold tracking-[0.22em] text-muted-foreground uppercase">
        About
      </p>
      <h2
        id="home-story-title"
        className="mt-3 text-3xl leading-tight text-balance sm:text-4xl lg:text-[2.75rem]"
      >
        {story.title}
      </h2>
      <p className="mt-4 font-heading text-lg text-foreground/70 italic sm:text-xl">
        {story.subtitle}
      </p>
      <span
        aria-hidden
        className={`mt-7 block h-px w-16 bg-primary ${story.imageSrc ? 'mx-auto lg:mx-0' : 'mx-auto'}`}
      />
      <p className="mt-7 text-base leading-loose whitespace-pre-line text-muted-foreground sm:text-lg">
        {story.content}
      </p>
    </div>
  );

  return (
    <section
      id="about-story"
      tabIndex={-1}
      aria-labelledby="home-story-title"
      className={`${SECTION_SPACING} scroll-mt-6 outline-none`}
    >
      <div className={CONTAINER}>
        {story.imageSrc ? (
          <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[5fr_6fr] lg:gap-20">
            <div className="mx-auto aspect-[4/5] w-full max-w-md overflow-hidden rounded-[2rem] bg-muted shadow-sm">
              <img
                src={story.imageSrc}
                alt=""
                width={800}
                height={1000}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
            </div>
            {text}
          </div>
        ) : (
          <div className="relative">
            <Quote aria-hidden className="mx-auto mb-6 size-10 text-primary" strokeWidth={1.25} />
            {text}
          </div>
        )}
      </div>
    </section>
  );
}
