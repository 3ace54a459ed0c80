import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserNavigation,
  historyIndex,
  Link,
  useHash,
  usePathname,
  useSearchParams,
} from '@/lib/navigation/navigation';

/**
 * The app's address bar in a browser (jsdom's history): moves keep their place in history for
 * the unsaved-changes guard, a link to the address shown adds no entry, Back is heard, and a
 * move to a screen whose code is still on its way keeps the screen being left (a transition).
 */

function Where() {
  const [search] = useSearchParams();
  return (
    <p data-testid="where">
      {usePathname()}
      {search.size > 0 ? `?${search.toString()}` : ''}
      {useHash()}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('navigation in the browser', () => {
  it('numbers each entry, replaces the one shown on a link to it, and follows Back', async () => {
    window.history.replaceState(null, '', '/start');
    render(
      <BrowserNavigation>
        <Where />
        <Link to="/gallery/g1">Gallery</Link>
        <Link to="/#galleries">Galleries</Link>
      </BrowserNavigation>,
    );
    expect(where()).toBe('/start');
    expect(historyIndex(window.history.state)).toBe(0);
    const entries = window.history.length;

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Gallery' }));
      await Promise.resolve();
    });
    expect(where()).toBe('/gallery/g1');
    expect(historyIndex(window.history.state)).toBe(1);
    expect(window.history.length).toBe(entries + 1);

    // The same link again: no second entry for Back to step through.
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Gallery' }));
      await Promise.resolve();
    });
    expect(window.history.length).toBe(entries + 1);
    expect(historyIndex(window.history.state)).toBe(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Galleries' }));
      await Promise.resolve();
    });
    expect(where()).toBe('/#galleries');
    expect(historyIndex(window.history.state)).toBe(2);

    const back = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    window.history.back();
    await act(async () => {
      await back;
    });
    expect(where()).toBe('/gallery/g1');
  });

  it('keeps the screen being left until the next screen’s code is in', async () => {
    window.history.replaceState(null, '', '/here');
    let arrive!: () => void;
    const code = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ default: () => <p>The next screen</p> });
    });
    const Next = lazy(() => code);
    function Screens() {
      return usePathname() === '/there' ? <Next /> : <p>The screen being left</p>;
    }
    render(
      <BrowserNavigation>
        <Suspense fallback={<p>Loading...</p>}>
          <Screens />
        </Suspense>
        <Link to="/there">Go</Link>
      </BrowserNavigation>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Go' }));
      await Promise.resolve();
    });
    expect(screen.getByText('The screen being left')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    await act(async () => {
      arrive();
      await code;
    });
    expect(await screen.findByText('The next screen')).toBeTruthy();
  });
});
