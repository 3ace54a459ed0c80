import type { AdminCredentials } from '@/lib/backend/client';

/** SPEC §3: the admin session is admin_token and admin_username in local storage. */
export const TOKEN_KEY = 'admin_token';
export const USERNAME_KEY = 'admin_username';

// Function properties, not methods: none uses `this`, so they can be passed on alone
// (useSyncExternalStore(store.subscribe, store.get), credentials: store.get).
export interface SessionStore {
  get: () => AdminCredentials | null;
  set: (session: AdminCredentials) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
}

export function createSessionStore(storage: Storage = localStorage): SessionStore {
  const listeners = new Set<() => void>();
  const read = (): AdminCredentials | null => {
    const token = storage.getItem(TOKEN_KEY);
    const username = storage.getItem(USERNAME_KEY);
    return token && username ? { token, username } : null;
  };
  let current = read();
  const emit = () => listeners.forEach((listener) => listener());

  // Signing in or out in another tab applies here too.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === TOKEN_KEY || event.key === USERNAME_KEY || event.key === null) {
        current = read();
        emit();
      }
    });
  }

  return {
    get: () => current,
    set(session) {
      storage.setItem(TOKEN_KEY, session.token);
      storage.setItem(USERNAME_KEY, session.username);
      current = session;
      emit();
    },
    clear() {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USERNAME_KEY);
      current = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
