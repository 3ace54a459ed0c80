/**
 * Fair shares of one upstream's capacity (plugins/fair-share.ts says which, and why): at most
 * `slots` requests at once; each client address at most `activePerAddress` of them and
 * `queuedPerAddress` waiting for one. A free slot goes to the waiting address that holds the
 * fewest, so a caller with hundreds waiting is served no sooner than one with a single request.
 * No slot is left idle while anyone waits whom the caps allow.
 */

export interface FairQueueLimits {
  slots: number;
  activePerAddress: number;
  queuedPerAddress: number;
}

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
}

interface Caller {
  active: number;
  waiting: Waiter[];
  /** Programs on this machine: no caps of their own, but in turn with everyone for the slots. */
  uncapped: boolean;
}

export type Entry =
  | { kind: 'granted'; release: Release }
  | { kind: 'waiting'; granted: Promise<Release>; cancel: () => void }
  | { kind: 'refused' };

export class FairQueue {
  private active = 0;
  private readonly callers = new Map<string, Caller>();
  /** Addresses with a request waiting, the longest waiting first. */
  private turn: string[] = [];

  constructor(private readonly limits: FairQueueLimits) {}

  /** How many requests hold a slot and how many wait, for tests and the bench's notes. */
  get load() {
    let waiting = 0;
    for (const caller of this.callers.values()) waiting += caller.waiting.length;
    return { active: this.active, waiting };
  }

  /** A slot at once, a place in the queue, or a refusal (the address has too many waiting). */
  enter(client: string, uncapped: boolean): Entry {
    // A program on this machine and a stranger whose address reads the same are not one caller.
    const address = uncapped ? `local:${client}` : client;
    const caller = this.callers.get(address) ?? { active: 0, waiting: [], uncapped };
    this.callers.set(address, caller);
    if (caller.waiting.length === 0 && this.mayStart(caller)) {
      return { kind: 'granted', release: this.start(address, caller) };
    }
    if (!caller.uncapped && caller.waiting.length >= this.limits.queuedPerAddress) {
      this.forgetIfIdle(address, caller);
      return { kind: 'refused' };
    }
    let waiter!: Waiter;
    const granted = new Promise<Release>((grant) => (waiter = { grant }));
    caller.waiting.push(waiter);
    if (caller.waiting.length === 1) this.turn.push(address);
    return {
      kind: 'waiting',
      granted,
      cancel: () => {
        const index = caller.waiting.indexOf(waiter);
        if (index < 0) return;
        caller.waiting.splice(index, 1);
        if (caller.waiting.length === 0) this.turn = this.turn.filter((next) => next !== address);
        this.forgetIfIdle(address, caller);
      },
    };
  }

  private mayStart(caller: Caller): boolean {
    return (
      this.active < this.limits.slots &&
      (caller.uncapped || caller.active < this.limits.activePerAddress)
    );
  }

  private start(address: string, caller: Caller): Release {
    this.active += 1;
    caller.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      caller.active -= 1;
      this.forgetIfIdle(address, caller);
      this.dispatch();
    };
  }

  /**
   * Hands each free slot to the waiting address that holds the fewest (the longest waiting of
   * those, on a tie), so a visitor with one request goes before a stranger who holds five.
   */
  private dispatch(): void {
    while (this.active < this.limits.slots) {
      let chosen = -1;
      let fewest = Number.POSITIVE_INFINITY;
      for (const [index, address] of this.turn.entries()) {
        const caller = this.callers.get(address)!;
        if (caller.active < fewest && this.mayStart(caller)) {
          chosen = index;
          fewest = caller.active;
        }
      }
      if (chosen < 0) return;
      const [address] = this.turn.splice(chosen, 1) as [string];
      const caller = this.callers.get(address)!;
      const waiter = caller.waiting.shift()!;
      if (caller.waiting.length > 0) this.turn.push(address);
      waiter.grant(this.start(address, caller));
    }
  }

  private forgetIfIdle(address: string, caller: Caller): void {
    if (caller.active === 0 && caller.waiting.length === 0) this.callers.delete(address);
  }
}
