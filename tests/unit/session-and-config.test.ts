import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, TOKEN_KEY, USERNAME_KEY } from '@/lib/auth/session-store';
import { loadRuntimeConfig } from '@/lib/backend/config';

describe('the admin session store', () => {
  it('keeps admin_token and admin_username in local storage and tells subscribers', () => {
    const store = createSessionStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ username: 'anna', token: 't0k3n' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t0k3n');
    expect(localStorage.getItem(USERNAME_KEY)).toBe('anna');
    expect(createSessionStore(localStorage).get()).toEqual({ username: 'anna', token: 't0k3n' });
    store.clear();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('counts a session only when both parts are stored', () => {
    localStorage.setItem(TOKEN_KEY, 'orphan');
    expect(createSessionStore(localStorage).get()).toBeNull();
  });
});

describe('loadRuntimeConfig', () => {
  const config = { supabaseUrl: 'http://127.0.0.1:8080', supabaseAnonKey: 'anon' };

  it('reads /config.json and remembers it for offline starts', async () => {
    const online = vi.fn(() => Promise.resolve(new Response(JSON.stringify(config))));
    expect(await loadRuntimeConfig(online as typeof fetch)).toEqual(config);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadRuntimeConfig(offline as typeof fetch)).toEqual(config);
  });

  it("resolves the local stack's '/' against the site's own origin, online and offline", async () => {
    const sameOrigin = { supabaseUrl: '/', supabaseAnonKey: 'anon' };
    const online = vi.fn(() => Promise.resolve(new Response(JSON.stringify(sameOrigin))));
    expect(await loadRuntimeConfig(online as typeof fetch, 'http://192.168.1.20:8080')).toEqual({
      supabaseUrl: 'http://192.168.1.20:8080',
      supabaseAnonKey: 'anon',
    });
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await loadRuntimeConfig(offline as typeof fetch, 'https://photos.example')).toEqual({
      supabaseUrl: 'https://photos.example',
      supabaseAnonKey: 'anon',
    });
  });

  it('never takes a protocol-relative address for the backend', async () => {
    localStorage.clear();
    for (const supabaseUrl of ['//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const answer = vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ supabaseUrl, supabaseAnonKey: 'anon' }))),
      );
      await expect(
        loadRuntimeConfig(answer as typeof fetch, 'https://photos.example'),
      ).rejects.toThrow('The site configuration could not be loaded.');
    }
  });

  it('fails clearly when there is no configuration at all', async () => {
    const missing = vi.fn(() => Promise.resolve(new Response('not found', { status: 404 })));
    await expect(loadRuntimeConfig(missing as typeof fetch)).rejects.toThrow(
      'The site configuration could not be loaded.',
    );
  });
});
