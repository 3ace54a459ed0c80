import { describe, expect, it } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { readServerPage, receiveServerPage, type ServerPageState } from '@/app/server-page';
import {
  documentTitle,
  galleryCard,
  headTags,
  plainCard,
  shortDescription,
  siteCard,
  type SiteFacts,
} from '@/lib/page-head';

const site: SiteFacts = {
  siteName: 'Jane & "Co" <Photo>',
  subtitle: 'Portraits in Lisbon',
  origin: 'https://jane.example',
};

describe('a page’s head', () => {
  it('writes every tag of a gallery’s card, escaped', () => {
    const card = galleryCard(site, '/gallery/public/abc', {
      title: 'Weddings <2026>',
      description: 'Quiet "moments"\n\nof big days.',
      image: {
        url: 'https://jane.example/storage/v1/object/public/photos/a/b.thumb.webp',
        width: 480,
        height: 320,
        alt: 'A couple',
      },
    });
    const html = headTags(card);
    expect(html).toContain(
      '<title>Weddings &lt;2026&gt; · Jane &amp; &quot;Co&quot; &lt;Photo&gt;</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="Quiet &quot;moments&quot; of big days." />',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://jane.example/gallery/public/abc" />',
    );
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="Weddings &lt;2026&gt;" />');
    expect(html).toContain('<meta property="og:image:width" content="480" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('robots');
    // Nothing the photographer typed leaves an attribute or an element.
    expect(html).not.toMatch(/<(?!\/?(title|meta|link)\b)/);
  });

  it('gives the site’s own card no image and a plain summary when it has none, and keeps private pages out of search', () => {
    const html = headTags(siteCard(site, '/client/token', { noindex: true }));
    expect(html).toContain(`<title>${'Jane &amp; &quot;Co&quot; &lt;Photo&gt;'}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
    expect(headTags(plainCard(site, '/nope', 'Page Not Found'))).toContain(
      '<title>Page Not Found · Jane',
    );
  });

  it('falls back to a description of its own, and shortens long ones at a word', () => {
    expect(
      galleryCard(site, '/g', { title: 'Autumn', description: ' ', image: null }).description,
    ).toBe('Autumn: photographs by Jane & "Co" <Photo>.');
    const long = 'word '.repeat(80);
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(200);
    expect(short.endsWith('word…')).toBe(true);
    expect(documentTitle(null, 'Site')).toBe('Site');
  });
});

describe('the data a drawn page carries', () => {
  const withState = (text: string) => {
    const doc = document.implementation.createHTMLDocument();
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'page-state';
    script.textContent = text;
    doc.body.append(script);
    return doc;
  };

  it('is read when whole, and ignored when missing or damaged (the page is then drawn in the browser)', () => {
    const state = {
      config: { supabaseUrl: '/', supabaseAnonKey: 'key' },
      queries: { queries: [], mutations: [] },
      readAgain: [],
    };
    expect(readServerPage(withState(JSON.stringify(state)))).toEqual(state);
    expect(readServerPage(withState('{"config": '))).toBeNull();
    expect(readServerPage(withState('{"queries": {}}'))).toBeNull();
    expect(readServerPage(document.implementation.createHTMLDocument())).toBeNull();
  });

  it('is put in the cache as it is; only the first-page lists are read again, or every read when a service worker keeps them for offline', () => {
    const server = new QueryClient();
    server.setQueryData(['site-settings'], { theme: 'light' });
    server.setQueryData(['gallery', 'g1'], { title: 'Weddings' });
    server.setQueryData(['gallery', 'g1', 'photos'], [{ id: 'p1' }]);
    const state: ServerPageState = {
      config: { supabaseUrl: '/', supabaseAnonKey: 'key' },
      queries: dehydrate(server),
      readAgain: [['gallery', 'g1', 'photos']],
    };
    const readAgain = (keptForOffline: boolean) => {
      const browser = new QueryClient();
      receiveServerPage(browser, state, { keptForOffline });
      expect(browser.getQueryData(['gallery', 'g1'])).toEqual({ title: 'Weddings' });
      return browser
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.isInvalidated })
        .map((query) => query.queryKey)
        .sort();
    };
    expect(readAgain(false)).toEqual([['gallery', 'g1', 'photos']]);
    expect(readAgain(true)).toEqual([
      ['gallery', 'g1'],
      ['gallery', 'g1', 'photos'],
      ['site-settings'],
    ]);
  });
});
