import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (production builds only). When a new version has installed
 * and waits, `onUpdateReady` gets a function that activates it and reloads the page.
 */
export function registerServiceWorker(onUpdateReady: (activate: () => void) => void): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    onUpdateReady(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  workbox
    .register()
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}
