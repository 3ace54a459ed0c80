import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The viewer is checked at a common phone's size and a laptop's. */
export const VIEWER_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

type Rgba = [number, number, number, number];

function parseColor(css: string): Rgba {
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(css)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN))
    throw new Error(`Unexpected colour ${css}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

/** `top` drawn over the opaque `below`. */
function over(top: Rgba, below: Rgba): Rgba {
  const [r, g, b, a] = top;
  return [r * a + below[0] * (1 - a), g * a + below[1] * (1 - a), b * a + below[2] * (1 - a), 1];
}

/** WCAG 2 contrast ratio of two opaque colours. */
export function contrast(one: Rgba, two: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const [lr, lg, lb] = [r, g, b].map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [light, dark] = [luminance(one), luminance(two)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Waits until the viewer has faded in and shows its photo, loaded. */
export async function viewerShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const portal = document.querySelector('.yarl__portal_open');
    const image = document.querySelector<HTMLImageElement>('.yarl__slide_current img');
    return (
      portal !== null &&
      getComputedStyle(portal).opacity === '1' &&
      image !== null &&
      image.complete &&
      image.naturalWidth > 0 &&
      !image.classList.contains('yarl__slide_image_loading')
    );
  });
}

/**
 * What a person sees of the open viewer: its backdrop is opaque and near-black, covers the
 * window, and hides the page (changing the page's colours behind it changes no pixel on
 * screen, with the page's title or photos under it); its controls are 44 px targets with WCAG AA
 * contrast on it; its photo fills the width or the height of its area.
 */
export async function expectSolidViewer(page: Page): Promise<{ icons: number; counter: number }> {
  await viewerShown(page);
  const seen = await page.evaluate(() => {
    const container = document.querySelector<HTMLElement>('.yarl__container')!;
    let opacity = 1;
    for (
      let element: Element | null = container;
      element && element !== document.body;
      element = element.parentElement
    ) {
      opacity *= Number(getComputedStyle(element).opacity);
    }
    const style = getComputedStyle(container);
    const rect = container.getBoundingClientRect();
    const image = document.querySelector('.yarl__slide_current img')!.getBoundingClientRect();
    // The page's title, or (below a client gallery's cover) its photos: something of the page lies under the viewer.
    const under = Array.from(document.querySelectorAll('h1, [role="list"]'), (element) =>
      element.getBoundingClientRect(),
    );
    const counter = document.querySelector('.yarl__counter');
    return {
      backdrop: style.backgroundColor,
      opacity,
      covers: [rect.left, rect.top, rect.width, rect.height],
      window: [innerWidth, innerHeight],
      area: [
        container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        container.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
      ],
      image: [image.width, image.height],
      titleOnScreen: under.some((box) => box.bottom > 0 && box.top < innerHeight && box.width > 0),
      buttons: Array.from(document.querySelectorAll<HTMLButtonElement>('.yarl__button')).map(
        (button) => {
          const box = button.getBoundingClientRect();
          const buttonStyle = getComputedStyle(button);
          return {
            label: button.getAttribute('aria-label') ?? button.title,
            size: [box.width, box.height],
            color: buttonStyle.color,
            background: buttonStyle.backgroundColor,
            disabled: button.disabled,
          };
        },
      ),
      counter: counter
        ? { text: counter.textContent, color: getComputedStyle(counter).color }
        : null,
    };
  });

  const backdrop = parseColor(seen.backdrop);
  expect(backdrop[3], `backdrop ${seen.backdrop}`).toBe(1);
  expect(
    Math.max(backdrop[0], backdrop[1], backdrop[2]),
    `backdrop ${seen.backdrop}`,
  ).toBeLessThanOrEqual(24);
  expect(seen.opacity).toBe(1);
  expect(seen.covers).toEqual([0, 0, ...seen.window]);

  expect(seen.buttons.map((button) => button.label)).toEqual(
    expect.arrayContaining(['Close', 'Previous', 'Next', 'Zoom in']),
  );
  let icons = Infinity;
  for (const button of seen.buttons) {
    expect(Math.min(...button.size), `${button.label} is a 44 px target`).toBeGreaterThanOrEqual(
      44,
    );
    if (button.disabled) continue;
    const behind = over(parseColor(button.background), backdrop);
    icons = Math.min(icons, contrast(over(parseColor(button.color), behind), behind));
  }
  expect(icons).toBeGreaterThanOrEqual(3);
  expect(seen.counter?.text).toMatch(/^\d+ \/ \d+$/);
  const counter = contrast(over(parseColor(seen.counter!.color), backdrop), backdrop);
  expect(counter).toBeGreaterThanOrEqual(4.5);

  // As large as the screen allows: the photo meets its area's sides or its top and bottom.
  const [areaWidth, areaHeight] = seen.area;
  const [imageWidth, imageHeight] = seen.image;
  expect(Math.max(imageWidth! / areaWidth!, imageHeight! / areaHeight!)).toBeGreaterThan(0.99);

  // Nothing of the page shows through: repainting everything behind the viewer (the title or
  // the photos included, which lie under it) in loud colours leaves the screen as it was.
  expect(seen.titleOnScreen).toBe(true);
  const shown = await page.screenshot({ animations: 'disabled' });
  await page.evaluate(() => {
    const loud = document.createElement('style');
    loud.id = 'loud-page';
    loud.textContent =
      '#root, #root * { color: #ff0000 !important; background: #00ff00 !important; border-color: #0000ff !important; }';
    document.head.append(loud);
  });
  const repainted = await page.screenshot({ animations: 'disabled' });
  await page.evaluate(() => document.getElementById('loud-page')?.remove());
  expect(repainted.equals(shown), 'the page shows through the viewer').toBe(true);
  return { icons, counter };
}
