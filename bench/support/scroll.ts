import type { Page } from 'playwright-core';

/**
 * Scrolls a page end to end with the mouse wheel, like a person flicking through: 500 px every
 * 40 ms until the bottom, then half a second for what that set off. Returns the page's clock
 * when scrolling began, so what it observed can be counted from then.
 */
export async function wheelToTheEnd(page: Page): Promise<number> {
  const scrollStart = await page.evaluate(() => performance.now());
  await page.mouse.move(640, 400);
  for (let step = 0; step < 5000; step++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(40);
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atBottom) break;
  }
  await page.waitForTimeout(500);
  return scrollStart;
}
