import type { AdminShellKeptAnswer, KeepAdminShellMessage } from './admin-shell-protocol';

/**
 * Asks the service worker to keep the admin area's files. Resolves true once they are all on
 * this device (document.documentElement.dataset.adminOffline is then 'ready'), false when
 * some could not be fetched (no connection): it asks again when the connection returns.
 */
export async function keepAdminShell(): Promise<boolean> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return false;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  const kept = await new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<AdminShellKeptAnswer>) =>
      resolve(event.data.kept);
    const message: KeepAdminShellMessage = { type: 'keep-admin-shell' };
    worker.postMessage(message, [channel.port2]);
  });
  if (kept) document.documentElement.dataset.adminOffline = 'ready';
  else window.addEventListener('online', () => void keepAdminShell(), { once: true });
  return kept;
}
