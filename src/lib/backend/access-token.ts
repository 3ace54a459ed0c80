import type { Backend } from './client';
import { generateAccessToken } from './gallery-links';

/** What the server accepts (gallery_links.access_token check). */
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** 32 random bytes as base64url without padding (43 characters), like the server's generate_access_token. */
export function makeAccessTokenLocally(
  fillRandom: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = fillRandom(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A token for a new link: the server's when it answers, else one made here, so a link can
 * be created (and copied) at a shoot without network. Both are 32 random bytes.
 */
export async function newAccessToken(
  backend: Backend,
  online: boolean,
  local: () => string = makeAccessTokenLocally,
  timeoutMs = 5_000,
): Promise<string> {
  if (online) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A weak connection must not hold the dialog: the browser's token is as good.
    const slow = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('generate_access_token timed out')), timeoutMs);
    });
    try {
      const token = await Promise.race([generateAccessToken(backend), slow]);
      if (typeof token === 'string' && ACCESS_TOKEN_PATTERN.test(token)) return token;
    } catch (error) {
      console.warn('generate_access_token failed; making the token in the browser', error);
    } finally {
      clearTimeout(timer);
    }
  }
  return local();
}
