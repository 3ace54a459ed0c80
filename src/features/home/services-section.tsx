import { Check } from 'lucide-react';
import { ServiceIcon } from '@/ui/service-icon';
import { BookingButton } from './booking-button';
import type { HomeView, ServiceView } from './home-view';
import { CONTAINER, SECTION_SPACING, SectionHeading } from './section-heading';

function ServiceCard({ service }: { service: ServiceView }) {
  return (
    <li className="flex flex-col rounded-3xl border bg-card/80 p-7 shadow-[0_1px_2px_hsl(var(--foreground)/0.04)] transition-shadow hover:shadow-md sm:p-8">
      <span
        className="flex size-12 items-center justify-center rounded-full bg-primary/30 text-foreground/80"
        aria-hidden
      >
        <ServiceIcon name={service.iconName} className="size-5" strokeWidth={1.5} />
      </span>
      {service.eyebrow && (
        <p className="mt-6 text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">
          {service.eyebrow}
        </p>
      )}
      <h3 className={`${service.eyebrow ? 'mt-2' : 'mt-6'} text-2xl leading-snug`}>
        {service.title}
      </h3>
      {service.priceRange && (
        <p className="mt-2 text-lg font-semibold tracking-wide text-foreground/80">
          {service.priceRange}
        </p>
      )}
      {service.description && (
        <p className="mt-4 leading-relaxed whitespace-pre-line text-muted-foreground">
          {service.description}
        </p>
      )}
      {service.features.length > 0 && (
        <ul className="mt-6 space-y-3 border-t pt-6 text-sm">
          {service.features.map((feature, index) => (
            <li key={index} className="flex gap-3">
              <Check
                className="mt-0.5 size-4 shrink-0 text-foreground/60"
                strokeWidth={2}
                aria-hidden
              />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Portrait Sessions: up to three packages, then the booking button with its subtitle. */
export function ServicesSection({
  services,
  booking,
}: {
  services: ServiceView[];
  booking: HomeView['booking'];
}) {
  return (
    <section
      id="portrait-sessions"
      tabIndex={-1}
      aria-labelledby="home-services-title"
      className={`${SECTION_SPACING} scroll-mt-6 bg-muted/40 outline-none`}
    >
      <div className={CONTAINER}>
        <SectionHeading
          id="home-services-title"
          eyebrow="Sessions"
          title="Portrait Sessions"
          description="Relaxed, unhurried sessions shaped around you, with photographs to treasure."
        />
        {services.length > 0 && (
          <ul
            className="mx-auto mt-14 grid max-w-6xl gap-6 md:grid-cols-3 lg:gap-8"
            data-testid="service-list"
          >
            {services.map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </ul>
        )}
        <div className="mx-auto mt-14 flex max-w-xl flex-col items-center gap-5 text-center">
          <p className="font-heading text-xl leading-snug text-balance text-foreground/80 italic sm:text-2xl">
            {booking.subtitle}
          </p>
          <BookingButton booking={booking} />
        </div>
      </div>
    </section>
  );
}
