// The app's start for a page the server drew (docs/first-visits.md, supabase/local/site-pages.ts).
// The page is on screen already; its code is asked for once the first screen's pictures are in
// (the window's load event) and the page has been painted, so on a slow connection the photos a
// visitor came for get the bandwidth first, and the first paint never waits for scripts. At the
// latest 3 s on, so a slow picture does not hold the page's buttons back for long (and a tab
// opened in the background, which paints nothing, starts all the same).
const entry = document.querySelector('script[data-app]')?.getAttribute('data-app');
let started = false;
const start = () => {
  if (started || !entry) return;
  started = true;
  import(entry).catch((error) => console.error('The app could not start:', error));
};
const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
setTimeout(start, 3000);
