/**
 * Stored URLs tried against the one URL rule, on the server (private.is_safe_link and
 * private.is_safe_image_url, tests/security/url-rule.test.ts) and on screen (src/lib/safe-url.ts,
 * tests/unit/safe-url.test.ts): both must give the same answer for every value here.
 */
export interface UrlVector {
  value: string;
  /** Allowed as a link target (buttons, contact, social). */
  link: boolean;
  /** Allowed as an image source (logo, hero, content images, photos). */
  image: boolean;
}

const allowed = (value: string, image = true): UrlVector => ({ value, link: true, image });
const refused = (value: string): UrlVector => ({ value, link: false, image: false });

export const URL_VECTORS: UrlVector[] = [
  allowed('https://instagram.com/studio'),
  allowed('http://example.com/a?b=c#d'),
  allowed('https://cdn.example/photos/a.webp'),
  allowed('http://127.0.0.1:8080/storage/v1/object/public/photos/a.webp'),
  allowed('https://[2001:db8::1]/x.jpg'),
  allowed('https://example.com'),
  allowed('/storage/v1/object/public/photos/a.webp'),
  allowed('/about'),
  allowed('/'),
  allowed('#galleries', false),
  allowed('#', false),
  allowed('mailto:hello@studio.com?subject=Hi', false),
  allowed('tel:+44 7700 900123', false),
  refused('javascript:alert(1)'),
  refused('JavaScript:alert(1)'),
  refused('java\tscript:alert(1)'),
  refused('java\nscript:alert(1)'),
  refused('javascript://example.com/%0aalert(1)'),
  refused('data:text/html,<script>alert(1)</script>'),
  refused('data:image/svg+xml;base64,PHN2Zz4='),
  refused('vbscript:msgbox(1)'),
  refused('//evil.example/path'),
  refused('/\\evil.example'),
  refused('/\\/evil.example'),
  refused('\\\\evil.example'),
  refused('https:\\\\evil.example'),
  refused('https://evil.example\\@good.example'),
  refused('https://good.example@evil.example/'),
  refused('https://user:pass@evil.example/'),
  refused('https://'),
  refused('https:///x'),
  refused('https://-bad-.example/'),
  refused('https://exa mple.com/'),
  refused('https://example.com/a b'),
  refused('https://example.com/\u0001'),
  refused('http:example.com'),
  refused('ftp://example.com/x.jpg'),
  refused('file:///etc/passwd'),
  refused('blob:https://x/1'),
  refused('about:blank'),
  refused('tel:123;javascript:alert(1)'),
  refused('mailto:a@b.c\nbcc:x@y.z'),
  refused('example.com'),
  refused('photos/a.jpg'),
  refused(''),
];
