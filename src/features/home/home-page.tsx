import { useQuery } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useBackend } from '@/lib/backend/backend-context';
import { readProfile } from '@/lib/backend/profile';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { contactLink } from '@/theme/contact-link';
import { DESIGN_DEFAULTS } from '@/theme/design-settings';
import { heroImageStyle } from '@/theme/hero';
import { useSiteTheme } from '@/theme/use-site-theme';
import { useErrorToast } from '@/ui/use-error-toast';

const DEFAULT_SITE_NAME = 'Photography Portfolio';
const YEAR = new Date().getFullYear();

/** Only http(s) and site-relative addresses go into src (ARCHITECTURE §4). */
const safeSource = (url: string | undefined) => (url && /^(https?:\/\/|\/(?!\/))/i.test(url) ? url : undefined);

/**
 * The public home page, for now a small placeholder that wears the saved site design
 * (colours, fonts, background style, hero image with its blur and opacity, contact button).
 * The full page (sections, services, collections) comes later. Reads only public data.
 */
export function HomePage() {
  const backend = useBackend();
  const { design, query: settings } = useSiteTheme();
  const profile = useQuery({ queryKey: ['site', 'profile'], queryFn: () => readProfile(backend) });
  useErrorToast(settings.error ?? profile.error, 'Failed to load gallery data.');

  if (settings.isPending || profile.isPending) {
    return (
      <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground">
        <Camera className="size-10 animate-pulse" strokeWidth={1.25} aria-hidden />
        <p>Loading beautiful moments...</p>
      </div>
    );
  }

  const siteName = profile.data?.site_name?.trim() || DEFAULT_SITE_NAME;
  const subtitle = profile.data?.subtitle?.trim();
  const logo = safeSource(resolveStorageUrl(backend, profile.data?.logo_url));
  const heroImage = safeSource(resolveStorageUrl(backend, design.hero_background_image));
  const contact = contactLink(design.contact_method, design.contact_value);
  const buttonText = design.contact_button_text.trim() || DESIGN_DEFAULTS.contact_button_text;
  const buttonClasses =
    'inline-flex min-h-12 max-w-full items-center justify-center rounded-full bg-primary px-8 py-3 text-base font-medium text-primary-foreground shadow-md transition-colors hover:bg-primary/90';

  return (
    <div className="flex min-h-dvh flex-col font-body text-foreground" style={{ background: 'var(--site-background)' }}>
      <header className="mx-auto flex w-full max-w-6xl items-center gap-3 px-4 py-5 sm:px-6">
        {logo && <img src={logo} alt="" className="size-10 shrink-0 rounded-full border object-cover" />}
        <div className="min-w-0">
          <p className="truncate font-heading text-lg leading-tight font-medium">{siteName}</p>
          {subtitle && <p className="truncate text-xs text-muted-foreground">{subtitle}</p>}
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-3 sm:px-6">
        <section aria-labelledby="home-title" className="relative overflow-hidden rounded-3xl bg-secondary/40">
          {heroImage && (
            <img
              src={heroImage}
              alt=""
              data-testid="home-hero-image"
              className="absolute inset-0 size-full object-cover"
              style={heroImageStyle(design)}
            />
          )}
          <div className="relative mx-auto flex min-h-[60dvh] max-w-3xl flex-col items-center justify-center px-4 py-14 text-center sm:px-6">
            <div className={heroImage ? 'rounded-2xl bg-background/75 px-5 py-8 shadow-sm backdrop-blur-sm sm:px-12 sm:py-10' : 'px-2'}>
              <h1 id="home-title" className="text-4xl leading-tight sm:text-6xl">
                {siteName}
              </h1>
              {subtitle && <p className="mt-3 text-base text-muted-foreground sm:text-lg">{subtitle}</p>}
              <div className="mt-8 flex flex-col items-center gap-3">
                {contact ? (
                  <a
                    href={contact.href}
                    target={contact.newTab ? '_blank' : undefined}
                    rel={contact.newTab ? 'noopener noreferrer' : undefined}
                    className={buttonClasses}
                    data-testid="contact-button"
                  >
                    {buttonText}
                  </a>
                ) : (
                  <span className={buttonClasses} data-testid="contact-button" aria-disabled>
                    {buttonText}
                  </span>
                )}
                <p className="max-w-sm text-sm text-muted-foreground">
                  {design.contact_button_subtitle.trim() || DESIGN_DEFAULTS.contact_button_subtitle}
                </p>
              </div>
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-2xl px-6 py-14 text-center">
          <h2 className="text-2xl sm:text-3xl">Galleries are on their way</h2>
          <p className="mt-3 text-muted-foreground">Collections, stories and sessions will be shown here soon.</p>
          <div className="mx-auto mt-8 flex max-w-xs justify-center gap-3" aria-hidden>
            <span className="h-2 flex-1 rounded-full bg-primary" />
            <span className="h-2 flex-1 rounded-full bg-secondary" />
            <span className="h-2 flex-1 rounded-full bg-accent" />
          </div>
        </section>
      </main>

      <footer className="border-t px-6 py-6 text-center text-xs text-muted-foreground">
        © {YEAR} {siteName}
      </footer>
    </div>
  );
}
