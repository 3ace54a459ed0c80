import { useEffect } from 'react';
import { useHash } from '@/lib/navigation/navigation';
import { usePublicBackend } from '@/lib/backend/backend-context';
import { resolveStorageUrl } from '@/lib/backend/storage';
import { PublicPageLoading } from '@/ui/site/public-page-loading';
import { usePageTitle } from '@/ui/site/use-page-title';
import { useRevealed } from '@/ui/use-revealed';
import { AboutStorySection } from './about-story-section';
import { CollectionsSection } from './collections-section';
import { HeroSection } from './hero-section';
import { HomeFooter } from './home-footer';
import { HomeHeader } from './home-header';
import { buildHomeView } from './home-view';
import { IntroSection } from './intro-section';
import { scrollToSection } from './scroll-to-section';
import { ServicesSection } from './services-section';
import { TestimonialsSection } from './testimonials-section';
import { useHomeData } from './use-home-data';

/**
 * The public home page (SPEC §2): header, hero, optional intro, Portrait Sessions with the
 * booking button, Kind Words, the story (these four in the order Page Content gives them),
 * Story Collections and the footer, in the saved site design.
 * Reads only public data; a failed read still shows the page, with defaults, after a toast.
 */
export function HomePage() {
  const backend = usePublicBackend();
  const { loading, design, profile, content, testimonials } = useHomeData();
  usePageTitle(loading ? undefined : null, profile.siteName);
  const revealed = useRevealed(!loading);
  const hash = useHash();
  // Arriving at '/#galleries' (a gallery's 'Back to Galleries'): the section exists once shown.
  useEffect(() => {
    if (revealed && hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [revealed, hash]);
  // SPEC §2: shown until every read has settled.
  if (!revealed) return <PublicPageLoading label="Loading beautiful moments..." />;

  const view = buildHomeView(design, content, (url) => resolveStorageUrl(backend, url));
  return (
    <div
      className="flex min-h-dvh flex-col font-body text-foreground"
      style={{ background: 'var(--site-background)' }}
    >
      <HomeHeader profile={profile} />
      <main className="flex-1">
        <HeroSection hero={view.hero} />
        {view.order.map((block) => {
          switch (block) {
            case 'intro':
              return view.intro && <IntroSection key={block} intro={view.intro} />;
            case 'services':
              return (
                <ServicesSection key={block} services={view.services} booking={view.booking} />
              );
            case 'testimonials':
              return (
                <TestimonialsSection
                  key={block}
                  testimonials={testimonials}
                  resolveUrl={(url) => resolveStorageUrl(backend, url)}
                />
              );
            case 'about-story':
              return <AboutStorySection key={block} story={view.aboutStory} />;
          }
        })}
        <CollectionsSection featured={view.featured} recent={view.recent} />
      </main>
      <HomeFooter profile={profile} />
    </div>
  );
}
