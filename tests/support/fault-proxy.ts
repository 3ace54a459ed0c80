import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fault-injecting HTTP proxy in front of the local stack, for the outbox's replay test.
 * Armed, it answers some API writes badly: the connection dropped before the stack sees the
 * request, dropped after the stack processed it (the answer is lost: the case that duplicates
 * a naive client's work), a 503 without forwarding, or a slow answer. Everything else passes
 * through untouched.
 *
 * Which writes: every `every`-th one, the faults in turn, after any forced ones. A fixed
 * schedule, not a random one: with faults drawn at random (one write in six) the replay took
 * 35 s in one run and 178 s in another, as the outbox's back-off grows with each failure of
 * the same change (1, 2, 5, 10, 30 s…). On a schedule every kind of fault comes as often in
 * every run, and a retry (the next write) never meets one at once.
 */
export type Fault = 'drop-before' | 'drop-after' | 'unavailable' | 'delay';

export interface FaultSchedule {
  /** One API write in this many gets a fault. */
  every: number;
  /** The faults given, in turn. */
  faults: Fault[];
}

export interface FaultCounts {
  /** API writes that reached the proxy while armed (every attempt, retries included). */
  writes: number;
  injected: Record<Fault, number>;
  /** Writes that went through without a fault. */
  clean: number;
}

/** A fault every matching request gets while armed, the first `times` of them (before the scheduled ones). */
export interface ForcedFault {
  method: string;
  path: RegExp;
  fault: Fault;
  times: number;
}

export interface FaultProxy {
  url: string;
  arm(): void;
  disarm(): void;
  counts: FaultCounts;
  stop(): Promise<void>;
}

/** How long a delayed answer is held. */
const DELAY_MS = 2_000;

const isApiWrite = (req: http.IncomingMessage) =>
  req.method !== 'GET' &&
  req.method !== 'HEAD' &&
  req.method !== 'OPTIONS' &&
  /^\/(rest|storage)\/v1\//.test(req.url ?? '');

export async function startFaultProxy(
  target: string,
  schedule: FaultSchedule,
  { forced = [] }: { forced?: ForcedFault[] } = {},
): Promise<FaultProxy> {
  const upstream = new URL(target);
  const counts: FaultCounts = {
    writes: 0,
    clean: 0,
    injected: { 'drop-before': 0, 'drop-after': 0, unavailable: 0, delay: 0 },
  };
  let armed = false;

  let scheduled = 0;
  const scheduledFault = (): Fault | null => {
    scheduled += 1;
    if (scheduled % schedule.every !== 0) return null;
    return schedule.faults[(scheduled / schedule.every - 1) % schedule.faults.length]!;
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, loseAnswer: boolean) => {
    // The Host header stays the proxy's, so the stack's /config.json points the app back here.
    const request = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (loseAnswer) {
          // The stack has done the work; the client never hears of it.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    request.on('error', () => res.destroy());
    req.pipe(request);
  };

  const forcedLeft = forced.map((rule) => ({ ...rule }));
  const forcedFault = (req: http.IncomingMessage): Fault | null => {
    const rule = forcedLeft.find(
      (candidate) =>
        candidate.times > 0 &&
        candidate.method === req.method &&
        candidate.path.test(req.url ?? ''),
    );
    if (!rule) return null;
    rule.times -= 1;
    return rule.fault;
  };

  const server = http.createServer((req, res) => {
    const fault = armed && isApiWrite(req) ? (forcedFault(req) ?? scheduledFault()) : null;
    if (armed && isApiWrite(req)) {
      counts.writes += 1;
      if (fault) counts.injected[fault] += 1;
      else counts.clean += 1;
    }
    if (fault === 'drop-before') {
      req.socket.destroy();
    } else if (fault === 'unavailable') {
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Service Unavailable (injected)' }));
      });
    } else if (fault === 'delay') {
      req.pause();
      setTimeout(() => forward(req, res, false), DELAY_MS);
    } else {
      forward(req, res, fault === 'drop-after');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arm: () => (armed = true),
    disarm: () => (armed = false),
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
