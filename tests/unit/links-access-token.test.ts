import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_PATTERN,
  makeAccessTokenLocally,
  newAccessToken,
} from '@/lib/backend/access-token';
import { clientLinkUrl } from '@/lib/share-link';
import type { Backend } from '@/lib/backend/client';

function fakeBackend(
  rpc: () => Promise<{ data: unknown; error: unknown }>,
): Backend & { rpc: ReturnType<typeof vi.fn> } {
  const spy = vi.fn(rpc);
  const client = { rpc: spy };
  return {
    config: { supabaseUrl: 'http://x', supabaseAnonKey: 'k' },
    publicClient: () =>
      Promise.resolve(client as unknown as Awaited<ReturnType<Backend['publicClient']>>),
    adminClient: client as unknown as Backend['adminClient'],
    credentials: () => null,
    rpc: spy,
  };
}

describe('makeAccessTokenLocally', () => {
  it('encodes 32 random bytes as base64url without padding (43 characters)', () => {
    const token = makeAccessTokenLocally((bytes) => bytes.fill(0xfb));
    // 0xfb bytes give '+' and '/' in plain base64; base64url turns them into '-' and '_'.
    expect(token).toBe('-_v7'.repeat(10) + '-_s');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('uses the browser random source and gives different tokens each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => makeAccessTokenLocally()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(ACCESS_TOKEN_PATTERN);
  });
});

describe('newAccessToken', () => {
  const serverToken = 'S'.repeat(43);

  it("asks the server's generate_access_token when online", async () => {
    const backend = fakeBackend(() => Promise.resolve({ data: serverToken, error: null }));
    expect(await newAccessToken(backend, true, () => 'local')).toBe(serverToken);
    expect(backend.rpc).toHaveBeenCalledWith('generate_access_token');
  });

  it('makes one in the browser when offline, without calling the server', async () => {
    const backend = fakeBackend(() => Promise.resolve({ data: serverToken, error: null }));
    expect(await newAccessToken(backend, false, () => 'local')).toBe('local');
    expect(backend.rpc).not.toHaveBeenCalled();
  });

  it('falls back to the browser when the call fails or answers something unusable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = fakeBackend(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await newAccessToken(failing, true, () => 'local')).toBe('local');
    const refused = fakeBackend(() =>
      Promise.resolve({ data: null, error: { message: 'boom', code: '500' } }),
    );
    expect(await newAccessToken(refused, true, () => 'local')).toBe('local');
    const odd = fakeBackend(() => Promise.resolve({ data: 'short', error: null }));
    expect(await newAccessToken(odd, true, () => 'local')).toBe('local');
  });
});

describe('clientLinkUrl', () => {
  it('is the origin plus /client/{access_token} (SPEC §2)', () => {
    expect(clientLinkUrl('abc_DEF-123', 'https://studio.example')).toBe(
      'https://studio.example/client/abc_DEF-123',
    );
    expect(clientLinkUrl('tok')).toBe(`${window.location.origin}/client/tok`);
  });
});

describe('newAccessToken on a connection that hangs', () => {
  it('gives up on the server after the timeout and makes one in the browser', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hanging = fakeBackend(() => new Promise(() => undefined));
    expect(await newAccessToken(hanging, true, () => 'local', 20)).toBe('local');
    expect(hanging.rpc).toHaveBeenCalledOnce();
  });
});
