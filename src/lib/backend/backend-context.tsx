import { createContext, useContext, type ReactNode } from 'react';
import type { Backend } from './client';
import type { PublicBackend } from './public-client';

const BackendContext = createContext<PublicBackend | Backend | null>(null);

/**
 * The app provides the public backend; the admin area, once its code has loaded, provides
 * the whole backend inside it (src/app/admin-area.tsx).
 */
export function BackendProvider({
  backend,
  children,
}: {
  backend: PublicBackend | Backend;
  children: ReactNode;
}) {
  return <BackendContext.Provider value={backend}>{children}</BackendContext.Provider>;
}

/** The backend for visitors' and clients' reads (real in the app, a fake in UI unit tests). */
export function usePublicBackend(): PublicBackend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('usePublicBackend must be used inside <BackendProvider>');
  return backend;
}

/** The admin area's backend, with the admin client. */
export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend || !('adminClient' in backend))
    throw new Error('useBackend must be used inside the admin area');
  return backend;
}
