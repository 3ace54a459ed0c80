import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultCard,
  defaultCardSettings,
  defaultCardTags,
  withDefaultCard,
} from '../../deploy/default-card';
import { PAGE_HEAD_END, PAGE_HEAD_START, withPageHead } from '@/lib/page-head';
import { headTags, siteCard, type SiteFacts } from '@/lib/page-head';

/**
 * The build's default card (deploy/default-card.ts): the tags headTags writes for the site's
 * card, from the build's environment, between the marks the servers fill in, in place of
 * index.html's <title> and description.
 */

const INDEX_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const MARKED = /<!-- page-head -->\n {4}([\s\S]*?)\n {4}<!-- \/page-head -->/;

/** headTags(siteCard(...)) without the tags that name the page's own address. */
const withoutAddress = (tags: string) =>
  tags
    .split('\n    ')
    .filter((tag) => !tag.includes('rel="canonical"') && !tag.includes('property="og:url"'))
    .join('\n    ');

/** What the plugin makes of index.html, as Vite calls it. */
function build(env: Record<string, string | undefined>, html = INDEX_HTML): string {
  const hook = defaultCard(env).transformIndexHtml as {
    order: string;
    handler: (html: string) => string;
  };
  expect(hook.order).toBe('pre');
  return hook.handler(html);
}

describe('the default card', () => {
  it("is today's generic card when nothing is set", () => {
    const tags = defaultCardTags(defaultCardSettings({}));
    const site: SiteFacts = {
      siteName: 'Photography Portfolio',
      subtitle: null,
      origin: 'https://example.invalid',
    };
    expect(tags).toBe(withoutAddress(headTags(siteCard(site, '/'))));
    expect(tags.split('\n    ')).toEqual([
      '<title>Photography Portfolio</title>',
      '<meta name="description" content="Portrait and family photography: portfolio, stories and client galleries." />',
      '<meta property="og:site_name" content="Photography Portfolio" />',
      '<meta property="og:type" content="website" />',
      '<meta property="og:title" content="Photography Portfolio" />',
      '<meta property="og:description" content="Portrait and family photography: portfolio, stories and client galleries." />',
      '<meta name="twitter:card" content="summary" />',
      '<meta name="twitter:title" content="Photography Portfolio" />',
      '<meta name="twitter:description" content="Portrait and family photography: portfolio, stories and client galleries." />',
    ]);
  });

  it('says what the environment sets, escaped, its image made absolute', () => {
    const env = {
      SITE_NAME: ' Jane "JD" Doe & Co ',
      SITE_DESCRIPTION: 'Families, newborns <and> weddings',
      SITE_URL: 'https://janedoe.photo/',
      SITE_IMAGE: '/social/card.jpg',
    };
    const tags = defaultCardTags(defaultCardSettings(env));
    const site: SiteFacts = {
      siteName: 'Jane "JD" Doe & Co',
      subtitle: 'Families, newborns <and> weddings',
      origin: 'https://janedoe.photo',
    };
    const image = { url: 'https://janedoe.photo/social/card.jpg', alt: 'Jane "JD" Doe & Co' };
    expect(tags).toBe(withoutAddress(headTags(siteCard(site, '/', { image }))));
    expect(tags).toContain('<title>Jane &quot;JD&quot; Doe &amp; Co</title>');
    expect(tags).toContain(
      '<meta name="description" content="Families, newborns &lt;and&gt; weddings" />',
    );
    expect(tags).toContain(
      '<meta property="og:image" content="https://janedoe.photo/social/card.jpg" />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain(
      '<meta name="twitter:image" content="https://janedoe.photo/social/card.jpg" />',
    );
    // One page answers every address of a static site: it names none of them.
    expect(tags).not.toContain('canonical');
    expect(tags).not.toContain('og:url');
    expect(
      defaultCardTags(defaultCardSettings({ SITE_IMAGE: 'https://cdn.example.com/card.jpg' })),
    ).toContain('<meta property="og:image" content="https://cdn.example.com/card.jpg" />');
  });

  it('stops the build on a SITE_URL or SITE_IMAGE it cannot use', () => {
    expect(() => defaultCardSettings({ SITE_URL: 'janedoe.photo' })).toThrow(/SITE_URL/);
    expect(() => defaultCardSettings({ SITE_URL: 'https://janedoe.photo/galleries' })).toThrow(
      /SITE_URL/,
    );
    expect(() => defaultCardSettings({ SITE_IMAGE: '/card.jpg' })).toThrow(/SITE_IMAGE/);
    expect(() =>
      defaultCardSettings({ SITE_IMAGE: 'javascript:alert(1)', SITE_URL: 'https://janedoe.photo' }),
    ).toThrow(/SITE_IMAGE/);
    expect(() =>
      defaultCardSettings({
        SITE_IMAGE: '//elsewhere.example/x.jpg',
        SITE_URL: 'https://janedoe.photo',
      }),
    ).toThrow(/SITE_IMAGE/);
  });

  it('goes into index.html between the marks, in place of its title and description, the rest unchanged', () => {
    const env = {
      SITE_NAME: 'Willow & Light',
      SITE_URL: 'https://willow.example',
      SITE_IMAGE: '/og.jpg',
    };
    const html = build(env);
    expect(MARKED.exec(html)?.[1]).toBe(defaultCardTags(defaultCardSettings(env)));
    expect(html.split(PAGE_HEAD_START)).toHaveLength(2);
    expect(html.split(PAGE_HEAD_END)).toHaveLength(2);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    // The card stands where the title stood; everything else is index.html's.
    const original = INDEX_HTML.replace(/\s*<meta name="description"[^>]*>/, '').replace(
      /<title>[^<]*<\/title>/,
      '',
    );
    expect(html.replace(/<!-- page-head -->[\s\S]*<!-- \/page-head -->/, '')).toBe(original);
    expect(html.indexOf(PAGE_HEAD_START)).toBeLessThan(html.indexOf('</head>'));
  });

  it('replaces a card already marked, and a server fills in the marks the same way', () => {
    const once = build({ SITE_NAME: 'First' });
    const twice = build({ SITE_NAME: 'Second' }, once);
    expect(twice).toBe(build({ SITE_NAME: 'Second' }));
    expect(twice).not.toContain('First');
    // What the edge function does with the built page (src/lib/page-cards-from-rows.ts).
    const page = withPageHead(once, '<title>A Gallery · First</title>');
    expect(MARKED.exec(page!)?.[1]).toBe('<title>A Gallery · First</title>');
    expect(page!.match(/<title>/g)).toHaveLength(1);
  });

  it('refuses a page without a <title> to replace', () => {
    expect(() => build({}, '<html><head></head><body></body></html>')).toThrow(/no <title>/);
    expect(() => withDefaultCard('<p>not index.html</p>', '<title>x</title>')).toThrow(
      /no <title>/,
    );
  });
});
