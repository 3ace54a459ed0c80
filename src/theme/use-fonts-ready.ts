import { useEffect, useState } from 'react';
import type { BodyFont, HeadingFont } from './design-settings';
import { loadSiteFonts } from './fonts';

/** A slow connection gets the fallback fonts after this long rather than a longer wait. */
const FONT_WAIT_MS = 1500;

/**
 * True once the site's heading and body fonts are loaded (or FONT_WAIT_MS has passed). A page
 * that waits for it shows its text in the final fonts from the first frame: no reflow when
 * the web fonts swap in, which on a slow phone moved the whole hero (layout shift).
 */
export function useFontsReady(heading: HeadingFont, body: BodyFont, enabled: boolean): boolean {
  const key = `${heading}|${body}`;
  const [readyFor, setReadyFor] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled || readyFor === key) return;
    let current = true;
    const ready = () => {
      if (current) setReadyFor(key);
    };
    const timer = setTimeout(ready, FONT_WAIT_MS);
    void loadSiteFonts(heading, body).then(ready);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [heading, body, key, enabled, readyFor]);

  return readyFor === key;
}
