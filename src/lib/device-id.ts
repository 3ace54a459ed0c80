/**
 * A random id this browser keeps, sent with admin sign-ins and client passcodes. The server
 * remembers the devices that once got in, so a stranger's guessing (which shuts out new
 * devices) never shuts out the photographer's or the client's own browser
 * (docs/SECURITY.md, "Guessing"). It proves nothing by itself: it only lets a device that
 * knew the secret before keep its own count of mistakes.
 */
const KEY = 'photo-site-device';
let fallback: string | undefined;

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && /^[A-Za-z0-9_-]{16,128}$/.test(stored)) return stored;
    const id = newId();
    localStorage.setItem(KEY, id);
    return id;
  } catch {
    // No local storage (private mode, a test in Node): one id for this page's life.
    return (fallback ??= newId());
  }
}
