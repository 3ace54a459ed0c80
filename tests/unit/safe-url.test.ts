import { describe, expect, it } from 'vitest';
import { isExternalLink, safeHref, safeImageSrc } from '@/lib/safe-url';
import { URL_VECTORS } from '../security/url-vectors';

describe('the URL allow-list (docs/architecture.md §4)', () => {
  it.each([
    'https://instagram.com/studio',
    'http://example.com/a?b=c#d',
    'mailto:hello@studio.com?subject=Hi',
    'tel:+44 7700 900123',
    '/about',
    '/',
    '#galleries',
  ])('lets %s through as a link', (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    '//evil.example/path',
    '/\\evil.example',
    'https://',
    'https:///x',
    'file:///etc/passwd',
    'blob:https://x/1',
    'about:blank',
    'tel:123;javascript:alert(1)',
    'example.com',
    '',
    null,
    undefined,
  ])('refuses %j as a link', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });

  it('allows only http(s) and site-relative images', () => {
    expect(safeImageSrc('https://cdn.example/photos/a.webp')).toBe(
      'https://cdn.example/photos/a.webp',
    );
    expect(safeImageSrc('/storage/v1/object/public/photos/a.webp')).toBe(
      '/storage/v1/object/public/photos/a.webp',
    );
    for (const hostile of [
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '//evil.example/a.png',
      'mailto:a@b.c',
      '#x',
    ]) {
      expect(safeImageSrc(hostile)).toBeUndefined();
    }
  });

  it.each(URL_VECTORS)(
    'gives $value the same answer as the database (link $link, image $image)',
    ({ value, link, image }) => {
      expect(safeHref(value) !== undefined).toBe(link);
      expect(safeImageSrc(value) !== undefined).toBe(image);
    },
  );

  it('trims surrounding spaces and tells external links apart', () => {
    expect(safeHref('  https://example.com  ')).toBe('https://example.com');
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('/about')).toBe(false);
    expect(isExternalLink('mailto:a@b.c')).toBe(false);
  });
});
