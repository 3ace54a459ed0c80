import { Quote } from 'lucide-react';
import type { HomeTestimonial } from '@/lib/backend/testimonials';
import { ImageOr } from '@/ui/image-or';
import type { UrlResolver } from './home-view';
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading';
import { testimonialViews, type TestimonialView } from './testimonials-view';

function TestimonialCard({ testimonial }: { testimonial: TestimonialView }) {
  return (
    <li className="w-full md:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
      <figure className="flex h-full flex-col items-center rounded-3xl border bg-card/70 px-7 py-9 text-center shadow-[0_1px_2px_hsl(var(--foreground)/0.04)] sm:px-9">
        <Quote aria-hidden className="size-7 text-primary" strokeWidth={1.25} />
        <blockquote className="mt-5 w-full flex-1 font-heading text-lg leading-relaxed text-balance wrap-anywhere whitespace-pre-line text-foreground/85 italic sm:text-xl">
          {testimonial.quote}
        </blockquote>
        <figcaption className="mt-7 flex max-w-full items-center gap-3">
          <ImageOr
            src={testimonial.photoSrc}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="size-12 shrink-0 rounded-full object-cover"
            fallback={null}
          />
          <span className="min-w-0 text-sm font-semibold tracking-[0.14em] wrap-anywhere text-muted-foreground uppercase">
            {testimonial.clientName}
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

/** Kind Words: the active testimonials, by their order; the section is left out when there are none. */
export function TestimonialsSection({
  testimonials,
  resolveUrl,
}: {
  testimonials: readonly HomeTestimonial[];
  resolveUrl: UrlResolver;
}) {
  const views = testimonialViews(testimonials, resolveUrl);
  if (views.length === 0) return null;
  return (
    <section
      id="kind-words"
      tabIndex={-1}
      aria-labelledby="home-testimonials-title"
      className={`${SECTION_SPACING} scroll-mt-6 outline-none`}
    >
      <div className={CONTAINER}>
        <SectionHeading id="home-testimonials-title" eyebrow="Testimonials" title="Kind Words" />
        <ul
          className="mx-auto mt-14 flex max-w-6xl flex-wrap justify-center gap-6"
          data-testid="testimonial-list"
        >
          {views.map((testimonial) => (
            <TestimonialCard key={testimonial.id} testimonial={testimonial} />
          ))}
        </ul>
      </div>
    </section>
  );
}
