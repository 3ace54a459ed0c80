import { whenIdle } from '@/ui/when-idle';

/** The longest the rest of a list waits for the first screen's images. */
const FIRST_SCREEN_WAIT_MS = 5000;

/**
 * Resolves once the images of the first screen have loaded or failed: those in the page
 * that are not lazy (the grid's first rows) and not yet complete, looked at once the browser
 * is idle, when the grid showing the first page has been drawn. At the latest after
 * FIRST_SCREEN_WAIT_MS, so a stalled image does not hold back the rest of the page.
 */
export function whenFirstScreenLoaded(timeout = FIRST_SCREEN_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeout);
    whenIdle(() => {
      const pending = Array.from(document.images).filter(
        (image) => !image.complete && image.loading !== 'lazy',
      );
      const settled = pending.map(
        (image) =>
          new Promise((done) => {
            image.addEventListener('load', done, { once: true });
            image.addEventListener('error', done, { once: true });
          }),
      );
      void Promise.all(settled).then(() => {
        clearTimeout(timer);
        resolve();
      });
    }, 1000);
  });
}
