import type { Plugin } from 'vite';
import { DEFAULT_SITE_NAME } from '../src/lib/page-cards-from-rows.ts';
import {
  headTags,
  PAGE_HEAD_END,
  PAGE_HEAD_START,
  siteCard,
  withPageHead,
  type CardImage,
} from '../src/lib/page-head.ts';

/**
 * The site's default card in the build's index.html (issue 23, item 3): what every page's head
 * says where nothing answers per page (a static host without functions), and what a server
 * that does replaces (the embedded stack's, deploy/netlify/'s edge function). Its tags stand
 * between `<!-- page-head -->` and `<!-- /page-head -->`, in place of index.html's <title> and
 * meta description.
 *
 * From optional environment variables of the build (docs/deploy.md, "Link previews and
 * search engines on a static host"):
 * - SITE_NAME: the site's name (else 'Photography Portfolio');
 * - SITE_DESCRIPTION: one line about it (else the generic one of src/lib/page-head.ts);
 * - SITE_URL: the site's address, e.g. https://janedoe.photo (needed for a SITE_IMAGE given as a path);
 * - SITE_IMAGE: the preview image, an https address or a path on the site (≤ 1200 px wide).
 *
 * The tags are headTags(siteCard(...)) less the canonical link and og:url: this one page
 * answers every address of the site, and a canonical naming the home page on each of them
 * would tell search engines that every gallery is a copy of the home page.
 */
export interface DefaultCardSettings {
  siteName: string;
  description: string | null;
  siteUrl: string | null;
  image: string | null;
}

/** The settings from the build's environment; a SITE_URL or SITE_IMAGE that cannot be used stops the build. */
export function defaultCardSettings(env: Record<string, string | undefined>): DefaultCardSettings {
  const value = (name: string) => env[name]?.trim() || null;
  const siteUrl = value('SITE_URL');
  if (siteUrl !== null && !/^https?:\/\/[^/\s]+\/?$/i.test(siteUrl)) {
    throw new Error(
      `SITE_URL must be the site's address, such as https://janedoe.photo (got ${JSON.stringify(siteUrl)})`,
    );
  }
  const image = value('SITE_IMAGE');
  if (
    image !== null &&
    !/^https?:\/\/\S+$/i.test(image) &&
    !(siteUrl && /^\/(?![/\\])\S*$/.test(image))
  ) {
    throw new Error(
      `SITE_IMAGE must be an http(s) address, or a path on the site with SITE_URL set (got ${JSON.stringify(image)})`,
    );
  }
  return {
    siteName: value('SITE_NAME') ?? DEFAULT_SITE_NAME,
    description: value('SITE_DESCRIPTION'),
    siteUrl,
    image,
  };
}

/** Where a card's own address would go, for the siteCard it is made from: no tag carries it. */
const NO_ADDRESS = 'https://example.invalid';

/** The default card's tags, one a line, as headTags writes them, without the page's address (canonical, og:url). */
export function defaultCardTags(settings: DefaultCardSettings): string {
  const origin = settings.siteUrl ? new URL(settings.siteUrl).origin : NO_ADDRESS;
  const image: CardImage | null = settings.image
    ? { url: new URL(settings.image, `${origin}/`).href, alt: settings.siteName }
    : null;
  const card = siteCard(
    { siteName: settings.siteName, subtitle: settings.description, origin },
    '/',
    { image },
  );
  return headTags(card)
    .split('\n    ')
    .filter(
      (tag) =>
        !tag.startsWith('<link rel="canonical"') && !tag.startsWith('<meta property="og:url"'),
    )
    .join('\n    ');
}

/** index.html with the default card between the marks, in place of its <title> and meta description (or of a card already marked). */
export function withDefaultCard(html: string, tags: string): string {
  const marked = `${PAGE_HEAD_START}\n    ${tags}\n    ${PAGE_HEAD_END}`;
  const changed = html.includes(PAGE_HEAD_START)
    ? withPageHead(html, tags)
    : withPageHead(html, marked);
  if (changed === null)
    throw new Error('default-card: index.html has no <title> to put the card in place of');
  return changed;
}

/** The Vite plugin: the card from the environment of the build (or of `npm run dev`). */
export function defaultCard(env: Record<string, string | undefined> = process.env): Plugin {
  const tags = defaultCardTags(defaultCardSettings(env));
  return {
    name: 'default-card',
    transformIndexHtml: { order: 'pre', handler: (html) => withDefaultCard(html, tags) },
  };
}
