import type { CSSProperties } from 'react';
import type { PageContentRow, SectionName, ServicePackageRow } from '@/lib/backend/database.types';
import type { HomeAlbum, HomeContent, HomeGallery } from '@/lib/backend/home-page';
import { RENDITION_EDGES, renditionOf, sameRenditionPhoto } from '@/lib/backend/photo-objects';
import { chooseHero } from '@/lib/hero-choice';
import { routePath } from '@/lib/routes/route-table';
import { isExternalLink, safeHref, safeImageSrc } from '@/lib/safe-url';
import { contactLink, type ContactLink } from '@/theme/contact-link';
import {
  HERO_BLUR,
  HERO_OPACITY,
  type ContactMethod,
  type SiteDesign,
} from '@/theme/design-settings';
import { heroImageStyle } from '@/theme/hero';

/**
 * What the home page shows, worked out from what it read: defaults filled in, at most three
 * services with three features each, and every stored address checked (docs/architecture.md §4) so
 * the components only lay things out.
 */

/** Stored URL → the URL to use now (storage URLs re-pointed at the current backend). */
export type UrlResolver = (url: string | null | undefined) => string | undefined;

export const HERO_DEFAULTS = {
  title: 'Capturing Life’s Beautiful Moments',
  subtitle: 'Natural, heartfelt photography for families, couples and little ones',
  galleriesButton: 'View Galleries',
} as const;

export const ABOUT_STORY_DEFAULTS = {
  title: 'My Story',
  subtitle: 'The heart behind the lens',
  content:
    'Photography found me in the quiet moments: morning light through a window, a shared laugh, small hands holding on. ' +
    'Today I still chase those moments, with relaxed, unhurried sessions where you can simply be yourselves, ' +
    'and photographs you will treasure for years to come.',
} as const;

/**
 * Where the intro button goes when no link is configured: the story section of this page.
 * SPEC §9 says '/about', a page the site does not have (README, decisions).
 */
export const DEFAULT_INTRO_LINK = '#about-story';
export const MAX_SERVICES = 3;
export const MAX_FEATURES = 3;

export interface HeroImage {
  src: string;
  style: CSSProperties;
}

export interface LinkTarget {
  text: string;
  href: string;
  /** Leaves the site: opens in a new tab with noopener. */
  external: boolean;
}

export interface ServiceView {
  id: string;
  /** The whimsical name, or the name when there is none. */
  title: string;
  /** The plain name, shown small above a whimsical title; null when the title is the name. */
  eyebrow: string | null;
  priceRange: string | null;
  description: string | null;
  features: string[];
  iconName: string;
}

export interface CollectionCardView {
  id: string;
  href: string;
  title: string;
  description: string | null;
  photoCount: number;
  coverSrc: string | undefined;
  /** The thumbnail and the cover rendition, when the cover photo has both; the card's sizes pick one. */
  coverSrcSet: string | undefined;
}

/** The blocks between the hero and the collections, which the photographer orders in Page Content. */
export type MiddleBlock = 'intro' | 'services' | 'testimonials' | 'about-story';
const MIDDLE_LAYOUT: readonly MiddleBlock[] = ['intro', 'services', 'testimonials', 'about-story'];

/**
 * The middle blocks in the order of their sections' sort_order (Page Content's Move up / Move
 * down). A block without a section of its name (services and testimonials usually have none)
 * keeps its place right after the block before it in the stock layout, so the seeded page
 * reads intro, services, kind words, story, and moving the story above the intro takes it there.
 */
export function middleBlockOrder(sections: readonly PageContentRow[]): MiddleBlock[] {
  let previous = Number.NEGATIVE_INFINITY;
  const keyed = MIDDLE_LAYOUT.map((block, index) => {
    const order = sectionNamed(sections, block)?.sort_order;
    const key = typeof order === 'number' ? order : previous + 1e-6;
    previous = key;
    return { block, key, index };
  });
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map(({ block }) => block);
}

export interface HomeView {
  /** The order of the blocks between the hero and the collections. */
  order: MiddleBlock[];
  hero: {
    title: string;
    subtitle: string | null;
    content: string | null;
    galleriesButton: string;
    image: HeroImage | null;
  };
  intro: {
    title: string | null;
    subtitle: string | null;
    content: string | null;
    button: LinkTarget | null;
  } | null;
  services: ServiceView[];
  booking: { text: string; subtitle: string; method: ContactMethod; link: ContactLink | null };
  aboutStory: { title: string; subtitle: string; content: string; imageSrc: string | undefined };
  featured: CollectionCardView[];
  recent: CollectionCardView[];
}

/** The text if it has any non-space character (trimmed), else null. */
export const textOrNull = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value.trim() : null;

const clamp = (
  value: number | null | undefined,
  range: { min: number; max: number },
  fallback: number,
) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(range.max, Math.max(range.min, Math.round(value)))
    : fallback;

/** The first section with this name, if the page has it (rows come active-only, by sort_order). */
export function sectionNamed(
  sections: readonly PageContentRow[],
  name: SectionName,
): PageContentRow | undefined {
  return sections.find((section) => section.section_name === name);
}

/**
 * The hero's background: the site setting hero_background_image with the design's blur and
 * opacity; when that is empty (or not a safe image address), the hero section's own
 * image_url with its blur and opacity (defaults 0 px and 100 %).
 */
export function pickHeroImage(
  design: SiteDesign,
  hero: PageContentRow | undefined,
  resolveUrl: UrlResolver,
): HeroImage | null {
  const chosen = chooseHero(design.hero_background_image, hero?.image_url, (stored) =>
    safeImageSrc(resolveUrl(stored)),
  );
  if (!chosen) return null;
  if (chosen.from === 'setting') return { src: chosen.image, style: heroImageStyle(design) };
  return {
    src: chosen.image,
    style: heroImageStyle({
      hero_background_blur: clamp(hero?.blur, HERO_BLUR, 0),
      hero_background_opacity: clamp(hero?.opacity, HERO_OPACITY, 100),
    }),
  };
}

/** The intro's button: shown when it has a text; its link defaults to the story (#about-story); an unsafe link shows no button. */
export function introButton(
  section: Pick<PageContentRow, 'button_text' | 'button_link'>,
): LinkTarget | null {
  const text = textOrNull(section.button_text);
  if (!text) return null;
  const href = safeHref(textOrNull(section.button_link) ?? DEFAULT_INTRO_LINK);
  return href ? { text, href, external: isExternalLink(href) } : null;
}

/** The first three non-empty features of a package. */
export function firstFeatures(features: readonly string[] | null | undefined): string[] {
  return (features ?? [])
    .map((feature) => feature.trim())
    .filter((feature) => feature !== '')
    .slice(0, MAX_FEATURES);
}

export function toServiceView(service: ServicePackageRow): ServiceView {
  const name = service.name.trim();
  const whimsical = textOrNull(service.whimsical_name);
  return {
    id: service.id,
    title: whimsical ?? name,
    eyebrow: whimsical && whimsical !== name ? name : null,
    priceRange: textOrNull(service.price_range),
    description: textOrNull(service.description),
    features: firstFeatures(service.features),
    iconName: service.icon_name,
  };
}

/**
 * A card's cover: its thumbnail, and a srcset of it and the cover rendition (1200 px) when the
 * two are renditions of one photo. Any other stored cover (an original, a preview) shows alone.
 */
function cardCover(
  stored: string | null,
  coverRendition: string | null,
  resolveUrl: UrlResolver,
): Pick<CollectionCardView, 'coverSrc' | 'coverSrcSet'> {
  const src = safeImageSrc(resolveUrl(stored));
  const cover = safeImageSrc(resolveUrl(coverRendition));
  const both =
    src &&
    cover &&
    renditionOf(src)?.rendition === 'thumb' &&
    renditionOf(cover)?.rendition === 'cover' &&
    sameRenditionPhoto(src, cover);
  return {
    coverSrc: src,
    coverSrcSet: both
      ? `${src} ${RENDITION_EDGES.thumb}w, ${cover} ${RENDITION_EDGES.cover}w`
      : undefined,
  };
}

export function galleryCard(gallery: HomeGallery, resolveUrl: UrlResolver): CollectionCardView {
  return {
    id: gallery.id,
    href: routePath('publicGallery', gallery.id),
    title: gallery.title,
    description: textOrNull(gallery.description),
    photoCount: gallery.photo_count,
    ...cardCover(gallery.cover_photo, gallery.cover_rendition, resolveUrl),
  };
}

export function albumCard(album: HomeAlbum, resolveUrl: UrlResolver): CollectionCardView {
  return {
    id: album.id,
    href: routePath('album', album.id),
    title: album.name,
    description: textOrNull(album.description),
    photoCount: album.photo_count,
    ...cardCover(album.cover_photo_url, album.cover_rendition_url, resolveUrl),
  };
}

const EMPTY_CONTENT: HomeContent = { sections: [], services: [], galleries: [], albums: [] };

/** Everything the page shows; `content` is undefined when its read failed (defaults then show). */
export function buildHomeView(
  design: SiteDesign,
  content: HomeContent | undefined,
  resolveUrl: UrlResolver,
): HomeView {
  const { sections, services, galleries, albums } = content ?? EMPTY_CONTENT;
  const hero = sectionNamed(sections, 'hero');
  const intro = sectionNamed(sections, 'intro');
  const story = sectionNamed(sections, 'about-story');
  return {
    order: middleBlockOrder(sections),
    hero: {
      title: textOrNull(hero?.title) ?? HERO_DEFAULTS.title,
      subtitle: hero ? textOrNull(hero.subtitle) : HERO_DEFAULTS.subtitle,
      content: textOrNull(hero?.content),
      galleriesButton: textOrNull(hero?.button_text) ?? HERO_DEFAULTS.galleriesButton,
      image: pickHeroImage(design, hero, resolveUrl),
    },
    intro: intro
      ? {
          title: textOrNull(intro.title),
          subtitle: textOrNull(intro.subtitle),
          content: textOrNull(intro.content),
          button: introButton(intro),
        }
      : null,
    services: services.slice(0, MAX_SERVICES).map(toServiceView),
    booking: {
      text: design.contact_button_text,
      subtitle: design.contact_button_subtitle,
      method: design.contact_method,
      link: contactLink(design.contact_method, design.contact_value),
    },
    aboutStory: {
      title: textOrNull(story?.title) ?? ABOUT_STORY_DEFAULTS.title,
      subtitle: textOrNull(story?.subtitle) ?? ABOUT_STORY_DEFAULTS.subtitle,
      content: textOrNull(story?.content) ?? ABOUT_STORY_DEFAULTS.content,
      imageSrc: safeImageSrc(resolveUrl(story?.image_url)),
    },
    featured: galleries.map((gallery) => galleryCard(gallery, resolveUrl)),
    recent: albums.map((album) => albumCard(album, resolveUrl)),
  };
}
