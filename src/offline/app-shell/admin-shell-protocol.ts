/**
 * The admin area's files on the photographer's devices (docs/offline.md, "The app shell"). The
 * service worker precaches what visitors need; the admin area's code and the design's fonts
 * are kept only where the admin area has started: the page asks the worker to keep them
 * (keep-admin-shell.ts → src-sw/admin-shell.ts), and it answers once every one is stored, so
 * the whole admin area then opens with no connection, also screens not yet visited.
 */

/** Cache Storage name of the admin area's files; its existence marks an admin's device. */
export const ADMIN_SHELL_CACHE = 'admin-shell';

/** Page → worker: keep the admin area's files; the worker answers on the message's port. */
export interface KeepAdminShellMessage {
  type: 'keep-admin-shell';
}

/** Worker → page: whether every file of the admin area is now stored on this device. */
export interface AdminShellKeptAnswer {
  kept: boolean;
}

export const isKeepAdminShellMessage = (data: unknown): data is KeepAdminShellMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === 'keep-admin-shell';
