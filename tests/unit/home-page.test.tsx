import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HomePage } from '@/features/home/home-page';
import { BackendProvider } from '@/lib/backend/backend-context';
import { createBackend } from '@/lib/backend/client';
import { Toaster } from '@/ui/toast';

const SUPABASE_URL = 'https://backend.example';

/** What each table answers, as PostgREST would (rows already filtered as the app asked). */
type Tables = Record<string, unknown[]>;

const SAFE_TABLES: Tables = {
  site_settings: [
    { setting_key: 'contact_method', setting_value: 'instagram' },
    { setting_key: 'contact_value', setting_value: '@willowandlight' },
  ],
  photographer_profile: [
    {
      id: 'p1',
      site_name: 'Willow & Light',
      subtitle: 'Portraits and quiet moments',
      logo_url: `${SUPABASE_URL}/storage/v1/object/public/photos/logo-1.png`,
      social_instagram: 'https://instagram.com/willowandlight',
      social_facebook: null,
      social_twitter: null,
      social_linkedin: null,
      social_website: null,
    },
  ],
  page_content: [
    {
      id: 's1',
      section_name: 'hero',
      title: 'Stories told in light',
      subtitle: 'Unposed portraits',
      content: 'Slow and playful.',
      button_text: null,
    },
    {
      id: 's2',
      section_name: 'intro',
      title: 'Hello there',
      subtitle: null,
      content: 'Welcome.',
      button_text: 'About me',
      button_link: null,
    },
  ],
  service_packages: [
    {
      id: 'v1',
      name: 'Family Session',
      whimsical_name: 'Little Adventures',
      price_range: '$350',
      description: 'An hour outdoors.',
      features: ['One', 'Two', 'Three', 'Four'],
      icon_name: 'Star',
    },
  ],
  public_galleries: [
    {
      id: 'g1',
      title: 'Golden Hour',
      description: 'Warm evenings',
      created_at: '2026-01-02T00:00:00Z',
      photo_count: [{ count: 2 }],
      cover: [
        {
          photos: {
            file_url: 'https://cdn.example/g1.jpg',
            thumb_url: 'https://cdn.example/g1.thumb.webp',
          },
        },
      ],
    },
  ],
  albums: [
    {
      id: 'a1',
      name: 'Orchard',
      description: null,
      cover_photo_url: null,
      created_at: '2026-01-01T00:00:00Z',
      photos: [{ count: 1 }],
    },
  ],
};

/** A fetch standing in for PostgREST: answers each table from `tables`, or fails every request. */
function fakeFetch(tables: Tables | 'down') {
  const requests: string[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input.toString() : input.url,
    );
    requests.push(`${url.pathname}?${url.searchParams.toString()}`);
    if (tables === 'down') return Promise.reject(new TypeError('Failed to fetch'));
    const table = url.pathname.replace('/rest/v1/', '');
    const rows = tables[table] ?? [];
    const single = new Headers(init?.headers).get('Accept')?.includes('vnd.pgrst.object');
    if (single && rows.length !== 1) {
      return Promise.resolve(
        new Response(
          JSON.stringify({ code: 'PGRST116', message: 'no rows', details: null, hint: null }),
          { status: 406 },
        ),
      );
    }
    return Promise.resolve(
      new Response(JSON.stringify(single ? rows[0] : rows), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return { fetch, requests };
}

function renderHome(tables: Tables | 'down') {
  const { fetch, requests } = fakeFetch(tables);
  const backend = createBackend(
    { supabaseUrl: SUPABASE_URL, supabaseAnonKey: 'anon' },
    { credentials: () => null, fetch },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <BackendProvider backend={backend}>
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation().hook}>
          <HomePage />
        </Router>
        <Toaster />
      </QueryClientProvider>
    </BackendProvider>,
  );
  return { ...view, requests };
}

/** Every href and src on the page. */
const addresses = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[href], [src]')).map(
    (element) => element.getAttribute('href') ?? element.getAttribute('src'),
  );

afterEach(() => {
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('the home page', () => {
  it('shows the loading state, then every section from what it read', async () => {
    const { container, requests } = renderHome(SAFE_TABLES);
    expect(screen.getByRole('status').textContent).toBe('Loading beautiful moments...');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Stories told in light',
    );
    expect(screen.queryByText('Loading beautiful moments...')).toBeNull();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Willow & Light')).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.com/willowandlight',
    );
    expect(header.querySelector('img')?.getAttribute('src')).toBe(
      `${SUPABASE_URL}/storage/v1/object/public/photos/logo-1.png`,
    );
    expect(screen.getByRole('link', { name: /About me/ }).getAttribute('href')).toBe(
      '#about-story',
    );

    // One package: whimsical title, plain name above, three of its four features, its icon.
    const list = screen.getByTestId('service-list');
    expect(within(list).getByRole('heading', { level: 3 }).textContent).toBe('Little Adventures');
    expect(within(list).getByText('Family Session')).toBeTruthy();
    expect(within(list).queryByText('Four')).toBeNull();
    expect(within(list).getByText('Three')).toBeTruthy();
    expect(list.querySelector('svg.lucide-star')).not.toBeNull();

    const contact = screen.getByTestId('contact-button');
    expect(contact.getAttribute('href')).toBe('https://instagram.com/willowandlight');
    expect(contact.getAttribute('target')).toBe('_blank');
    expect(contact.getAttribute('rel')).toBe('noopener noreferrer');

    // Defaults for the story that is not configured.
    expect(
      within(container.querySelector('#about-story')!).getByRole('heading', { name: 'My Story' }),
    ).toBeTruthy();

    const featured = screen.getByRole('group', { name: 'Featured Collections' });
    const galleryLink = within(featured).getByRole('link');
    expect(galleryLink.getAttribute('href')).toBe('/gallery/public/g1');
    expect(galleryLink.querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.example/g1.thumb.webp',
    );
    expect(within(featured).getByText('2 photos')).toBeTruthy();
    expect(within(featured).getByText('1 collection')).toBeTruthy();
    const recent = screen.getByRole('group', { name: 'Recent Sessions' });
    expect(within(recent).getByRole('link').getAttribute('href')).toBe('/gallery/a1');
    expect(within(recent).getByText('1 photo')).toBeTruthy();
    expect(screen.queryByText('Magic is Coming Soon!')).toBeNull();
    expect(
      within(screen.getByRole('contentinfo')).getByText(
        new RegExp(`© ${new Date().getFullYear()} Willow & Light`),
      ),
    ).toBeTruthy();

    // The reads ask only for what the page needs: counts and one cover photo, never every photo.
    const galleriesRead = requests.find((request) =>
      request.startsWith('/rest/v1/public_galleries'),
    )!;
    expect(galleriesRead).toContain('is_active=eq.true');
    expect(decodeURIComponent(galleriesRead)).toContain('photo_count:public_gallery_photos(count)');
    expect(galleriesRead).toContain('cover.limit=1');
    const albumsRead = decodeURIComponent(
      requests.find((request) => request.startsWith('/rest/v1/albums'))!,
    );
    expect(albumsRead).toContain('photos(count)');
    expect(albumsRead).toContain('is_public=eq.true');
    expect(albumsRead).toContain('order=created_at.desc');
    expect(requests.find((request) => request.startsWith('/rest/v1/service_packages'))).toContain(
      'limit=3',
    );
  });

  it('never puts hostile stored addresses into href or src, and renders stored markup as text', async () => {
    const hostile: Tables = {
      ...SAFE_TABLES,
      site_settings: [
        { setting_key: 'hero_background_image', setting_value: 'javascript:alert(1)' },
        { setting_key: 'contact_method', setting_value: 'website' },
        { setting_key: 'contact_value', setting_value: 'javascript:alert(1)' },
      ],
      photographer_profile: [
        {
          ...(SAFE_TABLES.photographer_profile![0] as object),
          logo_url: 'javascript:alert(1)',
          social_instagram: 'javascript:alert(1)',
          social_website: 'data:text/html,<script>alert(1)</script>',
        },
      ],
      page_content: [
        { id: 's1', section_name: 'hero', title: '<b>Bold</b>', image_url: 'javascript:alert(1)' },
        {
          id: 's2',
          section_name: 'intro',
          title: 'Hello',
          button_text: 'Click me',
          button_link: 'javascript:alert(1)',
        },
        {
          id: 's3',
          section_name: 'about-story',
          image_url: 'data:image/svg+xml,<svg onload=alert(1)>',
        },
      ],
      public_galleries: [
        {
          ...(SAFE_TABLES.public_galleries![0] as object),
          cover: [{ photos: { file_url: 'javascript:alert(1)', thumb_url: null } }],
        },
      ],
      albums: [
        {
          ...(SAFE_TABLES.albums![0] as object),
          name: '<img src=x onerror=alert(1)>',
          cover_photo_url: 'vbscript:msgbox(1)',
        },
      ],
    };
    const { container } = renderHome(hostile);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('<b>Bold</b>');

    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: 'Instagram' }),
    ).toBeNull();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Website' })).toBeNull();
    expect(screen.queryByText('Click me')).toBeNull();
    expect(screen.getByTestId('contact-button').hasAttribute('href')).toBe(false);
    expect(screen.queryByTestId('home-hero-image')).toBeNull();
    expect(container.querySelector('#about-story img')).toBeNull();
    expect(
      screen.getByRole('group', { name: 'Featured Collections' }).querySelector('img'),
    ).toBeNull();

    const found = addresses(container);
    expect(
      found.filter((url) => !url || /^\s*(javascript|data|vbscript):/i.test(url) || url === 'x'),
    ).toEqual([]);
    // What is left is the site's own links.
    expect(found.every((url) => /^(#|\/)/.test(url!))).toBe(true);
  });

  it('ends loading with one toast and the defaults when every read fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderHome('down');
    expect(await screen.findByText('Failed to load gallery data.')).toBeTruthy();
    expect(screen.queryByText('Loading beautiful moments...')).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Photography Portfolio')).toBeTruthy();
    expect(screen.getByText('Magic is Coming Soon!')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Capturing Life’s Beautiful Moments',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText('Failed to load gallery data.')).toHaveLength(1);
  });

  it('scrolls to the sections smoothly, or at once when less motion is asked for', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    let reduce = false;
    window.matchMedia = vi.fn(
      (query: string) =>
        ({
          matches: reduce && query.includes('reduce'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    renderHome(SAFE_TABLES);
    await screen.findByRole('heading', { level: 1 });

    const toGalleries = screen.getByRole('link', { name: /View Galleries/ });
    expect(toGalleries.getAttribute('href')).toBe('#galleries');
    expect(fireEvent.click(toGalleries)).toBe(false); // default jump prevented
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('galleries'));
    expect(document.activeElement).toBe(document.getElementById('galleries'));

    reduce = true;
    fireEvent.click(screen.getByRole('link', { name: 'My Story' }));
    expect(scrollIntoView).toHaveBeenLastCalledWith({ behavior: 'auto', block: 'start' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('about-story'));
  });

  it("takes the intro's button without a link to the story section", async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderHome(SAFE_TABLES);
    await screen.findByRole('heading', { level: 1 });
    expect(fireEvent.click(screen.getByRole('link', { name: /About me/ }))).toBe(false);
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('about-story'));
    expect(document.activeElement).toBe(document.getElementById('about-story'));
  });

  it('opens the sections from the Menu button; a choice closes it and scrolls there, Escape gives focus back', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    window.matchMedia = vi.fn(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    renderHome(SAFE_TABLES);
    await screen.findByRole('heading', { level: 1 });
    // A disclosure the browser opens by itself (issue 34): a <details> whose summary is the button.
    const menuButton = within(screen.getByRole('banner')).getByLabelText('Menu');
    const menu = menuButton.closest('details')!;
    expect(menuButton.tagName).toBe('SUMMARY');
    expect(menu.open).toBe(false);
    const links = within(within(menu).getByRole('navigation', { hidden: true, name: 'Sections' }))
      .getAllByRole('link', { hidden: true })
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Sessions', '#portrait-sessions'],
      ['About', '#about-story'],
      ['Galleries', '#galleries'],
    ]);

    const toggle = async (open: boolean) => {
      await act(async () => {
        menu.open = open;
        menu.dispatchEvent(new Event('toggle'));
      });
    };
    await toggle(true);
    menuButton.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(menuButton);

    await toggle(true);
    fireEvent.click(within(menu).getByRole('link', { name: 'Galleries' }));
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('galleries'));
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('galleries'));
  });

  it("shows 'Magic is Coming Soon!' and no sub-lists when there is nothing to show", async () => {
    renderHome({ ...SAFE_TABLES, public_galleries: [], albums: [] });
    expect(await screen.findByText('Magic is Coming Soon!')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Featured Collections' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Recent Sessions' })).toBeNull();
  });

  it('shows twelve cards at first and twelve more with each Show more', async () => {
    const albums = Array.from({ length: 30 }, (_, index) => ({
      id: `a${index}`,
      name: `Session ${index + 1}`,
      description: null,
      cover_photo_url: null,
      created_at: '2026-01-01T00:00:00Z',
      photos: [{ count: 0 }],
    }));
    renderHome({ ...SAFE_TABLES, albums });
    const recent = await screen.findByRole('group', { name: 'Recent Sessions' });
    expect(within(recent).getAllByRole('link')).toHaveLength(12);
    expect(within(recent).getByText('30 sessions')).toBeTruthy();
    fireEvent.click(within(recent).getByRole('button', { name: 'Show more sessions' }));
    expect(within(recent).getAllByRole('link')).toHaveLength(24);
    fireEvent.click(within(recent).getByRole('button', { name: 'Show more sessions' }));
    expect(within(recent).getAllByRole('link')).toHaveLength(30);
    expect(within(recent).queryByRole('button', { name: 'Show more sessions' })).toBeNull();
  });
});

describe("the home page's Kind Words", () => {
  const testimonials = [
    {
      id: 't1',
      client_name: 'Emma & James',
      quote: 'She made us feel at ease.',
      photo_url: `${SUPABASE_URL}/storage/v1/object/public/photos/testimonial-1.jpg`,
    },
    {
      id: 't2',
      client_name: 'The Okafor family',
      quote: 'Pure magic, start to finish.',
      photo_url: 'javascript:alert(1)',
    },
  ];

  it('shows the active testimonials after the sessions, in the order read, with a round photo only when it is a safe image', async () => {
    const { container, requests } = renderHome({ ...SAFE_TABLES, testimonials });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Kind Words' })).closest(
      'section',
    )!;
    expect(section.previousElementSibling?.id).toBe('portrait-sessions');
    expect(section.nextElementSibling?.id).toBe('about-story');
    const cards = within(screen.getByTestId('testimonial-list')).getAllByRole('figure');
    expect(
      cards.map((card) => [
        card.querySelector('blockquote')?.textContent,
        card.querySelector('figcaption')?.textContent,
      ]),
    ).toEqual([
      ['She made us feel at ease.', 'Emma & James'],
      ['Pure magic, start to finish.', 'The Okafor family'],
    ]);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe(
      `${SUPABASE_URL}/storage/v1/object/public/photos/testimonial-1.jpg`,
    );
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(addresses(container).filter((url) => /javascript:/i.test(url ?? ''))).toEqual([]);
    const read = decodeURIComponent(
      requests.find((request) => request.startsWith('/rest/v1/testimonials'))!,
    );
    expect(read).toContain('is_active=eq.true');
    expect(read).toContain('order=sort_order.asc');
  });

  it('leaves the section out when there are none', async () => {
    renderHome(SAFE_TABLES);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Kind Words' })).toBeNull();
    expect(screen.queryByTestId('testimonial-list')).toBeNull();
  });
});
