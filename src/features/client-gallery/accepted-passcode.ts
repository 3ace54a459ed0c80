/**
 * The passcode this browser tab entered for a link, once the server accepted it, so a reload
 * does not ask again. Kept for the tab only (sessionStorage); the server still checks it on
 * every photo request.
 */
const key = (token: string) => `client-passcode:${token}`;

export function readAcceptedPasscode(token: string): string | null {
  try {
    return sessionStorage.getItem(key(token));
  } catch {
    return null;
  }
}

export function rememberAcceptedPasscode(token: string, passcode: string): void {
  try {
    sessionStorage.setItem(key(token), passcode);
  } catch {
    // Storage refused (private mode): the passcode is asked again after a reload.
  }
}

export function forgetAcceptedPasscode(token: string): void {
  try {
    sessionStorage.removeItem(key(token));
  } catch {
    // Nothing stored.
  }
}
