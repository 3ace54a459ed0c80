import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { adminLogin, adminLogout, adminValidateSession } from '@/lib/backend/admin-auth';
import type { PublicBackend } from '@/lib/backend/public-client';
import { BackendError, toBackendError } from '@/lib/backend/errors';
import type { SessionStore } from './session-store';

export type AuthStatus = 'resolving' | 'signed-in' | 'signed-out';

export type SignInResult = { ok: true } | { ok: false; message: string };

interface AuthContextValue {
  status: AuthStatus;
  username: string | null;
  signIn: (username: string, password: string) => Promise<SignInResult>;
  /** Clears the session here and revokes it on the server (best effort). */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface AuthProviderProps {
  backend: PublicBackend;
  store: SessionStore;
  /** Called after sign-out, to drop cached admin data. */
  onSignedOut?: () => void;
  children: ReactNode;
}

export function AuthProvider({ backend, store, onSignedOut, children }: AuthProviderProps) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  // Whether the stored session (if any) has been checked with the server since the app started.
  const [checked, setChecked] = useState(() => store.get() === null);

  useEffect(() => {
    const stored = store.get();
    if (!stored) return;
    let cancelled = false;
    adminValidateSession(backend, stored)
      .then((valid) => {
        if (!valid) store.clear();
      })
      .catch((error: unknown) => {
        const failure = toBackendError(error);
        // Offline at a shoot the admin keeps working from the stored session; the server
        // checks it again with every queued change it receives.
        if (failure.kind === 'network' || failure.kind === 'server') return;
        console.error('Admin session restore failed', error);
        store.clear();
      })
      .finally(() => {
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [backend, store]);

  const signIn = useCallback(
    async (username: string, password: string): Promise<SignInResult> => {
      const name = username.trim().toLowerCase();
      try {
        const token = await adminLogin(backend, name, password);
        if (!token) return { ok: false, message: 'Invalid username or password' };
        store.set({ username: name, token });
        return { ok: true };
      } catch (error) {
        console.error('Admin login failed', error);
        if (error instanceof BackendError) return { ok: false, message: error.message };
        return { ok: false, message: 'An unexpected error occurred' };
      }
    },
    [backend, store],
  );

  const signOut = useCallback(async () => {
    const current = store.get();
    store.clear();
    onSignedOut?.();
    if (current) await adminLogout(backend, current).catch(() => undefined);
  }, [backend, store, onSignedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: !checked ? 'resolving' : session ? 'signed-in' : 'signed-out',
      username: session?.username ?? null,
      signIn,
      signOut,
    }),
    [checked, session, signIn, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
