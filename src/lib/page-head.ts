/**
 * What a page says about itself to a browser tab, a search engine and a chat app's link
 * preview: its title, description, canonical address and card (Open Graph, Twitter). The
 * embedded stack's server writes it into each page's HTML (src/app/server/), a static host's
 * edge function does the same (deploy/netlify/), and the app sets the tab's title from the
 * same rule (docs/first-visits.md).
 */
export interface PageCard {
  /** The page's own title ('Smith Family'), or null for the site's own card (home, a protected link). */
  pageTitle: string | null;
  siteName: string;
  description: string;
  /** Absolute address of the page as it should be shared (no query, no fragment). */
  url: string;
  /** Absolute address of an image of at most 1200 px, with its size when known. */
  image: { url: string; width?: number; height?: number; alt: string } | null;
  type: 'website' | 'article';
  /** Kept out of search engines (a client's link, the admin area, a missing page). */
  noindex: boolean;
}

/** The tab's title: the page's, then the site's name ('Smith Family · Jane Doe Photography'). */
export function documentTitle(pageTitle: string | null, siteName: string): string {
  return pageTitle ? `${pageTitle} · ${siteName}` : siteName;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an HTML attribute or element: every character that could end one escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** A description as previews show it: one line, at most 200 characters, cut at a word. */
export function shortDescription(text: string, limit = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= limit) return line;
  const cut = line.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The card as the <head> elements that carry it, escaped; each on a line of its own. */
export function headTags(card: PageCard): string {
  const title = documentTitle(card.pageTitle, card.siteName);
  const shareTitle = card.pageTitle ?? card.siteName;
  const description = shortDescription(card.description);
  const meta = (attribute: 'name' | 'property', key: string, value: string | number | undefined) =>
    value === undefined || value === ''
      ? []
      : [`<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...meta('name', 'description', description),
    ...(card.noindex ? meta('name', 'robots', 'noindex, nofollow') : []),
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
    ...meta('property', 'og:site_name', card.siteName),
    ...meta('property', 'og:type', card.type),
    ...meta('property', 'og:title', shareTitle),
    ...meta('property', 'og:description', description),
    ...meta('property', 'og:url', card.url),
    ...(card.image
      ? [
          ...meta('property', 'og:image', card.image.url),
          ...meta('property', 'og:image:width', card.image.width),
          ...meta('property', 'og:image:height', card.image.height),
          ...meta('property', 'og:image:alt', card.image.alt),
        ]
      : []),
    ...meta('name', 'twitter:card', card.image ? 'summary_large_image' : 'summary'),
    ...meta('name', 'twitter:title', shareTitle),
    ...meta('name', 'twitter:description', description),
    ...(card.image ? meta('name', 'twitter:image', card.image.url) : []),
  ].join('\n    ');
}

/** What every card says about the site: its name and subtitle, and where it lives. */
export interface SiteFacts {
  siteName: string;
  subtitle: string | null;
  /** The site's origin, e.g. 'https://janedoe.photo' (PUBLIC_URL). */
  origin: string;
}

export type CardImage = NonNullable<PageCard['image']>;

const DEFAULT_DESCRIPTION =
  'Portrait and family photography: portfolio, stories and client galleries.';

const absolute = (site: SiteFacts, path: string) => new URL(path, `${site.origin}/`).href;

/**
 * The site's own card: home, and every page that may say nothing of its own (a protected or
 * unusable client link: no album name and no photo).
 */
export function siteCard(
  site: SiteFacts,
  path: string,
  options: { image?: CardImage | null; noindex?: boolean } = {},
): PageCard {
  return {
    pageTitle: null,
    siteName: site.siteName,
    description: site.subtitle ?? DEFAULT_DESCRIPTION,
    url: absolute(site, path),
    image: options.image ?? null,
    type: 'website',
    noindex: options.noindex ?? false,
  };
}

/** A curated gallery, a public collection or an open client link: its title, description and cover. */
export function galleryCard(
  site: SiteFacts,
  path: string,
  gallery: {
    title: string;
    description: string | null;
    image: CardImage | null;
    noindex?: boolean;
  },
): PageCard {
  return {
    pageTitle: gallery.title,
    siteName: site.siteName,
    description:
      gallery.description?.trim() || `${gallery.title}: photographs by ${site.siteName}.`,
    url: absolute(site, path),
    image: gallery.image,
    type: 'article',
    noindex: gallery.noindex ?? false,
  };
}

/** A page that is not there (HTTP 404), or the admin area: the site's name, kept out of search engines. */
export function plainCard(site: SiteFacts, path: string, pageTitle: string): PageCard {
  return { ...siteCard(site, path, { noindex: true }), pageTitle };
}

/** The marks around the card's tags in the build's index.html (deploy/default-card.ts). */
export const PAGE_HEAD_START = '<!-- page-head -->';
export const PAGE_HEAD_END = '<!-- /page-head -->';

/**
 * The page with `tags` (headTags of its card) in place of the build's default card: what
 * stands between the marks, or, in a page built without them, its <title> and meta
 * description. Null when the page has neither (not the app's index.html). The one way a head
 * goes into a page: the build (deploy/default-card.ts), the embedded stack's gateway
 * (supabase/local/site-pages.ts) and the static host's edge function all use it.
 */
export function withPageHead(html: string, tags: string): string | null {
  const start = html.indexOf(PAGE_HEAD_START);
  const end = start === -1 ? -1 : html.indexOf(PAGE_HEAD_END, start);
  if (end !== -1)
    return `${html.slice(0, start + PAGE_HEAD_START.length)}\n    ${tags}\n    ${html.slice(end)}`;
  const title = /<title>[\s\S]*?<\/title>/i;
  if (!title.test(html)) return null;
  return html
    .replace(/[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, '')
    .replace(title, () => tags);
}
