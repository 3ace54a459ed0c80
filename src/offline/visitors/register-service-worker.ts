import { Workbox } from 'workbox-window';
import { CLAIM_MESSAGE } from './worker-messages';

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
  // A page whose navigation began while the first worker installed, and whose document came
  // after the worker took the open pages, stays without one (streamed downloads need it):
  // the worker takes this page too once it is active.
  void navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller) registration.active?.postMessage(CLAIM_MESSAGE);
  });
}
