import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setHydrating, useRevealed } from '@/ui/use-revealed';

/**
 * A page the server drew shows its content at once and is hydrated in one render; a page
 * mounted later in the browser keeps its loading state a moment while React builds it.
 */

/** What each render of the page drew. */
let drawn: string[] = [];
function Page({ ready }: { ready: boolean }) {
  const shown = useRevealed(ready) ? 'content' : 'loading';
  drawn.push(shown);
  return <p data-testid="page">{shown}</p>;
}

/** As src/app/router.tsx: beside the screen, inside its Suspense boundary. */
function HydrationOver() {
  useEffect(() => {
    setHydrating(false);
  }, []);
  return null;
}

const app = (
  <Suspense fallback={<p>Loading...</p>}>
    <Page ready />
    <HydrationOver />
  </Suspense>
);

afterEach(() => {
  document.body.innerHTML = '';
  setHydrating(false);
  drawn = [];
});

describe('useRevealed', () => {
  it('draws the content on the server and hydrates it in one render, with no second one', async () => {
    const html = renderToString(app);
    expect(html).toContain('content');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    drawn = [];

    setHydrating(true);
    const root = await act(async () => hydrateRoot(container, app));
    // Had the browser's snapshot differed from the server's once hydrated, React would have
    // drawn the page again at once; with a first value for the deferred one, again later.
    expect(drawn).toEqual(['content']);
    expect(screen.getByTestId('page').textContent).toBe('content');
    act(() => root.unmount());
  });

  it('keeps a page mounted in the browser on its loading state first, then shows it', async () => {
    await act(async () => {
      render(app);
    });
    expect(drawn).toEqual(['loading', 'content']);
    expect(screen.getByTestId('page').textContent).toBe('content');
  });
});
