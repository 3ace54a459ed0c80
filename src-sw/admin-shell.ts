/// <reference lib="webworker" />
import {
  ADMIN_SHELL_CACHE,
  isKeepAdminShellMessage,
  type AdminShellKeptAnswer,
} from '../src/offline/app-shell/admin-shell-protocol';

declare const self: ServiceWorkerGlobalScope;

/**
 * Keeps the admin area's files (`urls`, this build's) on a device where the admin area has
 * started (src/offline/app-shell/keep-admin-shell.ts asks), and only there: a visitor's phone never
 * downloads them. Once kept, a new version of the site stores its own before it installs, so
 * an update never leaves the admin area half there offline; older files go when it activates.
 * Returns the lookup for the asset route: the kept copy of an admin file, if stored.
 */
export function keepAdminShell(urls: string[]): (url: string) => Promise<Response | undefined> {
  const wanted = new Set(urls.map((url) => new URL(url, self.location.href).href));
  // The files are named by their content (assets/name-hash.js): a stored one never changes.
  const storeMissing = async () => {
    const cache = await caches.open(ADMIN_SHELL_CACHE);
    const stored = new Set((await cache.keys()).map((request) => request.url));
    for (const url of wanted) {
      if (stored.has(url)) continue;
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await cache.put(url, response);
    }
  };

  self.addEventListener('install', (event) => {
    event.waitUntil(
      caches.has(ADMIN_SHELL_CACHE).then((adminDevice) => (adminDevice ? storeMissing() : null)),
    );
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        if (!(await caches.has(ADMIN_SHELL_CACHE))) return;
        const cache = await caches.open(ADMIN_SHELL_CACHE);
        for (const request of await cache.keys()) {
          if (!wanted.has(request.url)) await cache.delete(request);
        }
      })(),
    );
  });
  self.addEventListener('message', (event) => {
    if (!isKeepAdminShellMessage(event.data)) return;
    const [port] = event.ports;
    const answer = (kept: boolean) => port?.postMessage({ kept } satisfies AdminShellKeptAnswer);
    event.waitUntil(
      storeMissing().then(
        () => answer(true),
        () => answer(false),
      ),
    );
  });

  return async (url) =>
    wanted.has(url) ? caches.match(url, { cacheName: ADMIN_SHELL_CACHE }) : undefined;
}
