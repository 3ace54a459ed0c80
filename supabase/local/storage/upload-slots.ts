import { errors } from './errors';

/**
 * At most `active` uploads stream their bodies at once; up to `waiting` more wait (their
 * bodies unread, so they hold only socket buffers) for at most `waitMs`. Beyond that, or when
 * the wait runs out, the upload is refused with 503 and retry-after (errors.busy()).
 */
export class UploadSlots {
  private inUse = 0;
  private readonly queue: Array<{ grant: () => void }> = [];

  constructor(
    private readonly active: number,
    private readonly waiting: number,
    private readonly waitMs: number,
  ) {}

  get inFlight(): number {
    return this.inUse;
  }

  /** Resolves with the function that gives the slot back (call it exactly once). */
  acquire(signal: AbortSignal): Promise<() => void> {
    if (this.inUse < this.active) {
      this.inUse += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.waiting) return Promise.reject(errors.busy());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          cleanup();
          resolve(this.releaser());
        },
      };
      const giveUp = (error: Error) => {
        cleanup();
        const at = this.queue.indexOf(entry);
        if (at !== -1) this.queue.splice(at, 1);
        reject(error);
      };
      const timer = setTimeout(() => giveUp(errors.busy()), this.waitMs);
      const onAbort = () => giveUp(errors.busy());
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The slot passes straight to the next waiting upload.
      if (next) next.grant();
      else this.inUse -= 1;
    };
  }
}
