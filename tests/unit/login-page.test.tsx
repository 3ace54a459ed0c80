import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LoginPage } from '@/features/admin-auth/login-page';
import { usePathname } from '@/lib/navigation/navigation';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createSessionStore } from '@/lib/auth/session-store';
import type { PublicBackend } from '@/lib/backend/public-client';
import { Toaster } from '@/ui/toast';

/** A stand-in backend that only answers admin_login (this tests the form's logic, not the server). */
function fakeBackend(
  login: (args: { p_username: string; p_password: string }) => string | null,
): PublicBackend {
  const rpc = vi.fn((name: string, args: { p_username: string; p_password: string }) =>
    Promise.resolve(
      name === 'admin_login'
        ? { data: login(args), error: null, status: 200 }
        : { data: true, error: null, status: 200 },
    ),
  );
  const client = { rpc } as unknown as Awaited<ReturnType<PublicBackend['publicClient']>>;
  return {
    config: { supabaseUrl: 'http://x', supabaseAnonKey: 'k' },
    publicClient: () => Promise.resolve(client),
  };
}

/** The sign-in screen at /admin, and a stand-in for the dashboard it opens. */
function Screens() {
  return usePathname() === '/admin/dashboard' ? <p>Dashboard screen</p> : <LoginPage />;
}

function renderLogin(backend: PublicBackend) {
  const store = createSessionStore(localStorage);
  const location = memoryLocation({ path: '/admin', record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider backend={backend} store={store}>
        <Router hook={location.hook}>
          <Screens />
        </Router>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { store, location };
}

describe('the admin login form', () => {
  it('asks for both fields before calling the server', async () => {
    const login = vi.fn(() => null);
    renderLogin(fakeBackend(login));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it("shows 'Login Failed' / 'Invalid username or password' for wrong credentials and stores nothing", async () => {
    const { store } = renderLogin(fakeBackend(() => null));
    await userEvent.type(screen.getByLabelText('Username'), 'anna');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(store.get()).toBeNull();
  });

  it('stores the session, welcomes the admin and opens the dashboard', async () => {
    const { store, location } = renderLogin(
      fakeBackend(({ p_password }) => (p_password === 'right' ? 'tok' : null)),
    );
    await userEvent.type(screen.getByLabelText('Username'), ' Anna ');
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    // In place of the form, so Back does not return to it.
    expect(location.history).toEqual(['/admin/dashboard']);
    expect(store.get()).toEqual({ username: 'anna', token: 'tok' });
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
  });
});
