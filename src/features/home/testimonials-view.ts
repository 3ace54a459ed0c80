import type { HomeTestimonial } from '@/lib/backend/testimonials';
import { safeImageSrc } from '@/lib/safe-url';
import { textOrNull, type UrlResolver } from './home-view';

export interface TestimonialView {
  id: string;
  quote: string;
  clientName: string;
  /** The client's photo when it is a safe image address; none otherwise. */
  photoSrc: string | undefined;
}

/** The testimonials worth showing, in the order read (active ones by sort order): with words and a name, the photo checked. */
export function testimonialViews(
  testimonials: readonly HomeTestimonial[],
  resolveUrl: UrlResolver,
): TestimonialView[] {
  return testimonials.flatMap((testimonial) => {
    const quote = textOrNull(testimonial.quote);
    const clientName = textOrNull(testimonial.client_name);
    if (!quote || !clientName) return [];
    return [
      {
        id: testimonial.id,
        quote,
        clientName,
        photoSrc: safeImageSrc(resolveUrl(testimonial.photo_url)),
      },
    ];
  });
}
