/**
 * The abuse scenario's attack (bench/scenarios/abuse.ts), run as a process of its own so the
 * visitor it is measured against is not timed on the attackers' event loop: a real visitor's
 * browser does not share a CPU thread with the strangers. For ATTACK_MS from the start, at once:
 * a stranger's ten anonymous 50 MB uploads, a token holder's six uploads over the bucket's limit,
 * and twenty sources guessing the superuser's password. Prints one JSON line with every answer
 * when it is over.
 *
 * At the lowest CPU priority: a real attacker's requests are made on their machines, not on the
 * server's two cores. The attack still takes every moment of CPU the site leaves idle, so it
 * sends as much as the site can take in; what the site spends answering it is the site's own.
 */
import { setPriority } from 'node:os';
import { rpcFrom } from '../../tests/support/rpc-from';
import { uploadZeros, type ZeroUploadAnswer } from '../../tests/support/zero-upload';

setPriority(19);

const MB = 1024 * 1024;
const url = process.env.STACK_URL!;
const anonKey = process.env.ANON_KEY!;
const adminToken = process.env.ADMIN_TOKEN!;
const until = performance.now() + Number(process.env.ATTACK_MS);

/**
 * The attackers' addresses: loopback addresses other than 127.0.0.1 stand for other machines
 * (the gateway exempts only this machine's own programs, on 127.0.0.1, from its per-address
 * limits).
 */
const STRANGER = '127.0.0.201';
const TOKEN_HOLDER = '127.0.0.202';
const guessSource = (worker: number) => `127.0.0.${101 + worker}`;

/** One wrong password from `source`: the answer's status (0 when the connection failed). */
const loginGuess = (source: string, attempt: number) =>
  rpcFrom({ url, anonKey }, source, 'admin_login', {
    p_username: 'admin',
    p_password: `guess-${source}-${attempt}`,
    p_device: null,
  }).then(
    (answer) => answer.status,
    () => 0,
  );

const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
const adminHeaders = { ...api, 'x-admin-username': 'admin', 'x-admin-token': adminToken };
const objectUrl = () =>
  `${url}/storage/v1/object/originals/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
const repeat = (workers: number, work: (worker: number) => Promise<void>) =>
  Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < until) await work(worker);
    }),
  );

const uploads: ZeroUploadAnswer[] = [];
const oversized: ZeroUploadAnswer[] = [];
const guesses: number[] = [];
await Promise.all([
  repeat(
    10,
    async () => void uploads.push(await uploadZeros(objectUrl(), api, 50 * MB, true, STRANGER)),
  ),
  repeat(
    4,
    async () =>
      void oversized.push(
        await uploadZeros(objectUrl(), adminHeaders, 60 * MB, true, TOKEN_HOLDER),
      ),
  ),
  repeat(
    2,
    async () =>
      void oversized.push(
        await uploadZeros(objectUrl(), adminHeaders, 60 * MB, false, TOKEN_HOLDER),
      ),
  ),
  repeat(
    20,
    async (worker) => void guesses.push(await loginGuess(guessSource(worker), guesses.length)),
  ),
]);
process.stdout.write(`${JSON.stringify({ uploads, oversized, guesses })}\n`);
