import { describe, expect, it } from 'vitest';
import {
  ABOUT_STORY_DEFAULTS,
  albumCard,
  buildHomeView,
  DEFAULT_INTRO_LINK,
  firstFeatures,
  galleryCard,
  HERO_DEFAULTS,
  introButton,
  middleBlockOrder,
  pickHeroImage,
  toServiceView,
} from '@/features/home/home-view';
import type { PageContentRow, SectionName, ServicePackageRow } from '@/lib/backend/database.types';
import type { HomeAlbum, HomeContent, HomeGallery } from '@/lib/backend/home-page';
import { CONTACT_SUBJECT } from '@/theme/contact-link';
import { withDefaults } from '@/theme/design-settings';

const identity = (url: string | null | undefined) => url ?? undefined;

function section(name: SectionName, fields: Partial<PageContentRow> = {}): PageContentRow {
  return {
    id: `section-${name}`,
    page_name: 'home',
    section_name: name,
    title: null,
    subtitle: null,
    content: null,
    button_text: null,
    button_link: null,
    image_url: null,
    blur: null,
    opacity: null,
    sort_order: 0,
    is_active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

function service(fields: Partial<ServicePackageRow> & { name: string }): ServicePackageRow {
  return {
    id: `service-${fields.name}`,
    whimsical_name: null,
    description: null,
    price_range: null,
    features: [],
    icon_name: 'Heart',
    sort_order: 0,
    is_active: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

const gallery = (fields: Partial<HomeGallery> = {}): HomeGallery => ({
  id: 'g1',
  title: 'Golden Hour',
  description: 'Soft light',
  created_at: '2026-01-01T00:00:00Z',
  photo_count: 3,
  cover_photo: 'https://cdn.example/g1.thumb.webp',
  cover_rendition: null,
  ...fields,
});

const album = (fields: Partial<HomeAlbum> = {}): HomeAlbum => ({
  id: 'a1',
  name: 'Orchard',
  description: null,
  cover_photo_url: 'https://cdn.example/a1.thumb.webp',
  cover_rendition_url: null,
  created_at: '2026-01-01T00:00:00Z',
  photo_count: 1,
  ...fields,
});

describe('the hero image', () => {
  it('prefers the design setting, with the design blur and opacity', () => {
    const design = withDefaults({
      hero_background_image: 'https://cdn.example/hero.jpg',
      hero_background_blur: '4',
      hero_background_opacity: '60',
    });
    const hero = section('hero', {
      image_url: 'https://cdn.example/section.jpg',
      blur: 10,
      opacity: 20,
    });
    const image = pickHeroImage(design, hero, identity);
    expect(image?.src).toBe('https://cdn.example/hero.jpg');
    expect(image?.style).toMatchObject({ filter: 'blur(4px)', opacity: 0.6 });
  });

  it("falls back to the hero section's image with its own blur and opacity when the setting is empty", () => {
    const hero = section('hero', { image_url: '/images/section.jpg', blur: 10, opacity: 20 });
    const image = pickHeroImage(withDefaults({ hero_background_image: '  ' }), hero, identity);
    expect(image?.src).toBe('/images/section.jpg');
    expect(image?.style).toMatchObject({ filter: 'blur(10px)', opacity: 0.2 });
  });

  it('uses 0 px and 100 % for a section image without blur or opacity, and clamps wild values', () => {
    const plain = pickHeroImage(
      withDefaults({}),
      section('hero', { image_url: 'https://cdn.example/a.jpg' }),
      identity,
    );
    expect(plain?.style).toMatchObject({ opacity: 1, filter: undefined });
    const wild = pickHeroImage(
      withDefaults({}),
      section('hero', { image_url: 'https://cdn.example/a.jpg', blur: 99, opacity: 400 }),
      identity,
    );
    expect(wild?.style).toMatchObject({ opacity: 1, filter: 'blur(20px)' });
  });

  it('passes stored storage URLs through the resolver before checking them', () => {
    const image = pickHeroImage(
      withDefaults({ hero_background_image: 'stored' }),
      undefined,
      (url) => (url ? `https://now.example/${url}` : undefined),
    );
    expect(image?.src).toBe('https://now.example/stored');
  });

  it('never uses an unsafe address: the safe section image wins over a hostile setting, else no image', () => {
    const hostile = withDefaults({ hero_background_image: 'javascript:alert(1)' });
    expect(
      pickHeroImage(hostile, section('hero', { image_url: 'https://cdn.example/ok.jpg' }), identity)
        ?.src,
    ).toBe('https://cdn.example/ok.jpg');
    expect(
      pickHeroImage(hostile, section('hero', { image_url: 'data:image/svg+xml,<svg/>' }), identity),
    ).toBeNull();
    expect(pickHeroImage(withDefaults({}), undefined, identity)).toBeNull();
  });
});

describe('the intro button', () => {
  it("links to the page's story section when no link is configured (the site has no /about page)", () => {
    expect(DEFAULT_INTRO_LINK).toBe('#about-story');
    expect(introButton({ button_text: 'About me', button_link: null })).toEqual({
      text: 'About me',
      href: '#about-story',
      external: false,
    });
    expect(introButton({ button_text: 'About me', button_link: '  ' })?.href).toBe('#about-story');
  });

  it('keeps a configured link and says when it leaves the site', () => {
    expect(
      introButton({ button_text: 'Journal', button_link: 'https://blog.example/journal' }),
    ).toEqual({
      text: 'Journal',
      href: 'https://blog.example/journal',
      external: true,
    });
    expect(introButton({ button_text: 'Galleries', button_link: '#galleries' })).toEqual({
      text: 'Galleries',
      href: '#galleries',
      external: false,
    });
  });

  it('shows no button without a text, or with an unsafe link', () => {
    expect(introButton({ button_text: null, button_link: '/about' })).toBeNull();
    expect(introButton({ button_text: '   ', button_link: '/about' })).toBeNull();
    expect(introButton({ button_text: 'Click', button_link: 'javascript:alert(1)' })).toBeNull();
    expect(introButton({ button_text: 'Click', button_link: '//evil.example' })).toBeNull();
  });
});

describe('service packages', () => {
  it('shows the first three non-empty features', () => {
    expect(firstFeatures(['One', ' ', 'Two', 'Three', 'Four'])).toEqual(['One', 'Two', 'Three']);
    expect(firstFeatures(['Only'])).toEqual(['Only']);
    expect(firstFeatures(null)).toEqual([]);
  });

  it('titles a package by its whimsical name, keeping the name above it, or by its name', () => {
    expect(
      toServiceView(service({ name: 'Family Session', whimsical_name: 'Little Adventures' })),
    ).toMatchObject({
      title: 'Little Adventures',
      eyebrow: 'Family Session',
    });
    expect(toServiceView(service({ name: 'Family Session', whimsical_name: '  ' }))).toMatchObject({
      title: 'Family Session',
      eyebrow: null,
    });
    expect(toServiceView(service({ name: 'Same', whimsical_name: 'Same' }))).toMatchObject({
      title: 'Same',
      eyebrow: null,
    });
  });

  it('shows at most three packages, in the order read', () => {
    const content: HomeContent = {
      sections: [],
      services: ['A', 'B', 'C', 'D'].map((name) => service({ name })),
      galleries: [],
      albums: [],
    };
    expect(buildHomeView(withDefaults({}), content, identity).services.map((s) => s.title)).toEqual(
      ['A', 'B', 'C'],
    );
  });
});

describe('collection cards', () => {
  it('links galleries to /gallery/public/{id} and albums to /gallery/{id}, with cover and count', () => {
    expect(galleryCard(gallery(), identity)).toEqual({
      id: 'g1',
      href: '/gallery/public/g1',
      title: 'Golden Hour',
      description: 'Soft light',
      photoCount: 3,
      coverSrc: 'https://cdn.example/g1.thumb.webp',
      coverSrcSet: undefined,
    });
    expect(albumCard(album({ description: '  ' }), identity)).toEqual({
      id: 'a1',
      href: '/gallery/a1',
      title: 'Orchard',
      description: null,
      photoCount: 1,
      coverSrc: 'https://cdn.example/a1.thumb.webp',
      coverSrcSet: undefined,
    });
  });

  const PHOTOS = 'https://cdn.example/storage/v1/object/public/photos/';
  const renditionOf = (photo: string, rendition: string) =>
    `${PHOTOS}alb/${photo}.${rendition}.webp`;

  it("offers a card's thumbnail and its cover photo's cover rendition in a srcset, a gallery's and an album's", () => {
    const thumb = renditionOf('p1', 'thumb');
    const cover = renditionOf('p1', 'cover');
    const card = galleryCard(gallery({ cover_photo: thumb, cover_rendition: cover }), identity);
    expect([card.coverSrc, card.coverSrcSet]).toEqual([thumb, `${thumb} 480w, ${cover} 1200w`]);
    expect(
      albumCard(album({ cover_photo_url: thumb, cover_rendition_url: cover }), identity),
    ).toMatchObject({ coverSrc: thumb, coverSrcSet: `${thumb} 480w, ${cover} 1200w` });
    // An album whose cover photo has no cover rendition yet shows its thumbnail alone.
    expect(albumCard(album({ cover_photo_url: thumb }), identity)).toMatchObject({
      coverSrc: thumb,
      coverSrcSet: undefined,
    });
  });

  it('shows the stored cover alone when there is no cover rendition, or it is of another photo or not one', () => {
    const thumb = renditionOf('p1', 'thumb');
    for (const coverRendition of [
      null,
      renditionOf('p2', 'cover'),
      renditionOf('p1', 'preview'),
      'javascript:alert(1)',
    ])
      expect(
        galleryCard(gallery({ cover_photo: thumb, cover_rendition: coverRendition }), identity),
      ).toMatchObject({ coverSrc: thumb, coverSrcSet: undefined });
    // A preview stored as the cover (no thumbnail) is not labelled 480w.
    expect(
      galleryCard(
        gallery({
          cover_photo: renditionOf('p1', 'preview'),
          cover_rendition: renditionOf('p1', 'cover'),
        }),
        identity,
      ).coverSrcSet,
    ).toBeUndefined();
  });

  it('shows no cover for a missing or unsafe address', () => {
    expect(galleryCard(gallery({ cover_photo: null }), identity).coverSrc).toBeUndefined();
    expect(
      galleryCard(gallery({ cover_photo: 'javascript:alert(1)' }), identity).coverSrc,
    ).toBeUndefined();
    expect(
      albumCard(album({ cover_photo_url: 'data:image/png;base64,AAAA' }), identity).coverSrc,
    ).toBeUndefined();
  });
});

describe('the whole page', () => {
  it('fills every default when nothing was read (an empty site, or a failed load)', () => {
    const view = buildHomeView(withDefaults({}), undefined, identity);
    expect(view.hero).toEqual({
      title: HERO_DEFAULTS.title,
      subtitle: HERO_DEFAULTS.subtitle,
      content: null,
      galleriesButton: 'View Galleries',
      image: null,
    });
    expect(view.intro).toBeNull();
    expect(view.services).toEqual([]);
    expect(view.aboutStory).toEqual({ ...ABOUT_STORY_DEFAULTS, imageSrc: undefined });
    expect(view.booking).toEqual({
      text: "Let's Connect",
      subtitle: "Ready to capture your story? I'd love to hear from you.",
      method: 'email',
      link: null,
    });
    expect(view.featured).toEqual([]);
    expect(view.recent).toEqual([]);
  });

  it('uses what is configured and defaults only what is missing', () => {
    const content: HomeContent = {
      sections: [
        section('hero', { title: 'Stories told in light', button_text: 'See the work' }),
        section('intro', { title: 'Hello', button_text: 'About me' }),
        section('about-story', {
          title: '  ',
          content: 'My own words.',
          image_url: 'https://cdn.example/me.jpg',
        }),
      ],
      services: [],
      galleries: [gallery()],
      albums: [album()],
    };
    const design = withDefaults({
      contact_value: 'hello@studio.example',
      contact_button_text: 'Book a session',
    });
    const view = buildHomeView(design, content, identity);
    expect(view.hero).toMatchObject({
      title: 'Stories told in light',
      subtitle: null,
      galleriesButton: 'See the work',
    });
    expect(view.intro).toEqual({
      title: 'Hello',
      subtitle: null,
      content: null,
      button: { text: 'About me', href: '#about-story', external: false },
    });
    expect(view.aboutStory).toEqual({
      title: ABOUT_STORY_DEFAULTS.title,
      subtitle: ABOUT_STORY_DEFAULTS.subtitle,
      content: 'My own words.',
      imageSrc: 'https://cdn.example/me.jpg',
    });
    expect(view.booking.text).toBe('Book a session');
    expect(view.booking.link?.href).toMatch(
      new RegExp(
        `^mailto:hello@studio\\.example\\?subject=${encodeURIComponent(CONTACT_SUBJECT)}&body=`,
      ),
    );
    expect(view.featured.map((card) => card.href)).toEqual(['/gallery/public/g1']);
    expect(view.recent.map((card) => card.href)).toEqual(['/gallery/a1']);
  });
});

describe('the order of the blocks between the hero and the collections', () => {
  const at = (name: SectionName, sortOrder: number) => section(name, { sort_order: sortOrder });

  it('is the stock layout for the seeded sections, and with none at all', () => {
    expect(middleBlockOrder([at('hero', 0), at('intro', 1), at('about-story', 2)])).toEqual([
      'intro',
      'services',
      'testimonials',
      'about-story',
    ]);
    expect(middleBlockOrder([])).toEqual(['intro', 'services', 'testimonials', 'about-story']);
  });

  it('follows Page Content: the story moved above the intro comes first, the blocks without a section stay after the intro', () => {
    expect(middleBlockOrder([at('hero', 0), at('about-story', 1), at('intro', 2)])).toEqual([
      'about-story',
      'intro',
      'services',
      'testimonials',
    ]);
  });

  it('places a services or testimonials section where its own order says', () => {
    expect(middleBlockOrder([at('intro', 1), at('about-story', 2), at('testimonials', 0)])).toEqual(
      ['testimonials', 'intro', 'services', 'about-story'],
    );
  });
});
