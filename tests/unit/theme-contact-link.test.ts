import { describe, expect, it } from 'vitest';
import { contactLink } from '@/theme/contact-link';

describe('the contact button action (SPEC §7)', () => {
  it('email: a mail link with the preset subject and a greeting', () => {
    const link = contactLink('email', ' hello@willowandlight.com ');
    expect(link?.newTab).toBe(false);
    const url = new URL(link!.href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@willowandlight.com');
    expect(url.searchParams.get('subject')).toBe('Photography Inquiry');
    expect(url.searchParams.get('body')).toMatch(/^Hi!/);
  });

  it('phone: a telephone link with only digits and +', () => {
    expect(contactLink('phone', '+44 (0)7700 900-123')).toEqual({
      href: 'tel:+4407700900123',
      newTab: false,
    });
  });

  it('instagram: the profile in a new tab, dropping a leading @', () => {
    expect(contactLink('instagram', '@willow.light')).toEqual({
      href: 'https://instagram.com/willow.light',
      newTab: true,
    });
    expect(contactLink('instagram', 'willow_light')).toEqual({
      href: 'https://instagram.com/willow_light',
      newTab: true,
    });
    expect(contactLink('instagram', 'https://www.instagram.com/willow')).toEqual({
      href: 'https://www.instagram.com/willow',
      newTab: true,
    });
  });

  it('facebook and website: https:// is added when the value does not start with http', () => {
    expect(contactLink('facebook', 'facebook.com/willowlight')).toEqual({
      href: 'https://facebook.com/willowlight',
      newTab: true,
    });
    expect(contactLink('facebook', 'willowlight')).toEqual({
      href: 'https://facebook.com/willowlight',
      newTab: true,
    });
    expect(contactLink('facebook', 'http://fb.me/willow')).toEqual({
      href: 'http://fb.me/willow',
      newTab: true,
    });
    expect(contactLink('website', 'willowandlight.com')).toEqual({
      href: 'https://willowandlight.com',
      newTab: true,
    });
    expect(contactLink('website', 'https://willowandlight.com/book?x=1')).toEqual({
      href: 'https://willowandlight.com/book?x=1',
      newTab: true,
    });
  });

  it('gives no link for empty or unsafe values, never a javascript: or data: URL', () => {
    expect(contactLink('email', '')).toBeNull();
    expect(contactLink('email', null)).toBeNull();
    expect(contactLink('email', 'not an address')).toBeNull();
    expect(contactLink('phone', 'call me')).toBeNull();
    expect(contactLink('website', 'javascript:alert(1)')).toBeNull();
    expect(contactLink('website', 'data:text/html,hi')).toBeNull();
    expect(contactLink('instagram', 'javascript:alert(1)')).toBeNull();
    expect(contactLink('facebook', 'javascript:alert(1)')).toBeNull();
    expect(contactLink('email', 'a@b.c?cc=x@y.z')).toBeNull();
  });
});
