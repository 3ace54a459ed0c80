import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AdminAreaLoader } from '@/app/admin-area';
import { preloadPublicScreen } from '@/app/public-screens';
import { createAppRoutes } from '@/app/router';
import { BackendProvider } from '@/lib/backend/backend-context';
import { createPublicBackend } from '@/lib/backend/public-client';

/** The routes at `path`, with a backend whose reads never answer (pages stay in their loading state). */
function renderRoutes(path: string) {
  const backend = createPublicBackend(
    { supabaseUrl: 'https://backend.example', supabaseAnonKey: 'anon' },
    () => new Promise<Response>(() => undefined),
  );
  const adminArea: AdminAreaLoader = {
    load: () => Promise.reject(new Error('no admin area in this test')),
    current: () => null,
  };
  const AppRoutes = createAppRoutes(adminArea);
  return render(
    <BackendProvider backend={backend}>
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={memoryLocation({ path }).hook}>
          <AppRoutes />
        </Router>
      </QueryClientProvider>
    </BackendProvider>,
  );
}

// In this order: the screens' code, once loaded, stays loaded for the rest of the file.
describe('the public routes', () => {
  it('show the screen loader while a page’s code loads, then the page', async () => {
    renderRoutes('/gallery/public/g1');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(
      (await screen.findByText('Loading gallery...')).closest('[role="status"]'),
    ).not.toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('draw a page whose code was loaded at start-up in the first render, with no screen loader', async () => {
    // Through React.lazy the page would suspend once, and React shows it 300 ms after the loader at the soonest.
    await preloadPublicScreen('/');
    renderRoutes('/');
    expect(screen.getByRole('status').textContent).toBe('Loading beautiful moments...');
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
