/**
 * abuse_*: the gateway and the storage service under abuse (issue 17, docs/SECURITY.md), while
 * a visitor keeps reading and the photographer signs in. For 15 s, at once:
 * - ten anonymous uploads of 50 MB at a time, each started again as soon as it is answered;
 * - four admin uploads at a time that declare 60 MB (over the bucket's 50 MB), and two that
 *   send 60 MB without saying so (chunked);
 * - twenty sources (127.0.0.101–120) guessing the superuser's password as fast as answers come.
 * Measured side by side: a visitor's read (site settings, then a thumbnail) every 100 ms before
 * and during the attack (p95 and the ratio), the stack process's resident memory (gateway and
 * storage service; Postgres and PostgREST are other processes), how fast an upload is refused,
 * and whether the photographer, on the browser they signed in with before, still gets in.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { adminLogin } from '../../src/lib/backend/admin-auth';
import type { Scenario } from '../support/context';
import { uploadZeros, type ZeroUploadAnswer } from '../../tests/support/zero-upload';
import { album1000 } from '../support/fixtures';
import { percentile, round } from '../support/metrics';

const MB = 1024 * 1024;

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function loginGuess(
  url: string,
  anonKey: string,
  source: string,
  attempt: number,
): Promise<number> {
  const body = JSON.stringify({
    p_username: 'admin',
    p_password: `guess-${source}-${attempt}`,
    p_device: null,
  });
  return new Promise((resolve) => {
    const call = request(
      `${url}/rest/v1/rpc/admin_login`,
      {
        method: 'POST',
        localAddress: source,
        headers: {
          apikey: anonKey,
          authorization: `Bearer ${anonKey}`,
          'content-type': 'application/json',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', () => resolve(0));
    call.end(body);
  });
}

const count = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>(
      (all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }),
      {},
    ),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');

export const abuse: Scenario = {
  name: 'abuse',
  async run(bench) {
    const { url, anonKey } = bench.stack;
    const pid = bench.stack.child.pid!;
    const { album } = await album1000(bench);
    const [photo] = await bench.sql<{ thumb_url: string }>(
      'select thumb_url from public.photos where album_id = $1 and thumb_url is not null limit 1',
      [album.id],
    );
    const thumbnail = `${url}${new URL(photo!.thumb_url, url).pathname}`;
    const api = { apikey: anonKey, authorization: `Bearer ${anonKey}` };

    const visit = async () => {
      const started = performance.now();
      const settings = await fetch(
        `${url}/rest/v1/site_settings?select=setting_key,setting_value`,
        { headers: api },
      );
      await settings.arrayBuffer();
      const image = await fetch(thumbnail);
      await image.arrayBuffer();
      if (!settings.ok || !image.ok)
        throw new Error(`A visitor's read failed: ${settings.status} / ${image.status}`);
      return performance.now() - started;
    };
    const visitsFor = async (ms: number) => {
      const times: number[] = [];
      const end = performance.now() + ms;
      while (performance.now() < end) {
        times.push(await visit());
        await new Promise((done) => setTimeout(done, 100));
      }
      return times;
    };

    // Quiet: the same reads with nothing else going on.
    await visitsFor(1_000);
    const quietRss = rssOf(pid);
    const quiet = await visitsFor(bench.quick ? 3_000 : 8_000);

    const duration = bench.quick ? 5_000 : 15_000;
    const until = performance.now() + duration;
    let peakRss = quietRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 50);
    const uploads: ZeroUploadAnswer[] = [];
    const oversized: ZeroUploadAnswer[] = [];
    const guesses: number[] = [];
    const adminHeaders = {
      ...api,
      'x-admin-username': 'admin',
      'x-admin-token': bench.admin.credentials()!.token,
    };
    const objectUrl = () =>
      `${url}/storage/v1/object/originals/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
    const repeat = (workers: number, work: (worker: number) => Promise<void>) =>
      Promise.all(
        Array.from({ length: workers }, async (_, worker) => {
          while (performance.now() < until) await work(worker);
        }),
      );

    const attack = Promise.all([
      repeat(10, async () => void uploads.push(await uploadZeros(objectUrl(), api, 50 * MB, true))),
      repeat(
        4,
        async () =>
          void oversized.push(await uploadZeros(objectUrl(), adminHeaders, 60 * MB, true)),
      ),
      repeat(
        2,
        async () =>
          void oversized.push(await uploadZeros(objectUrl(), adminHeaders, 60 * MB, false)),
      ),
      repeat(
        20,
        async (worker) =>
          void guesses.push(
            await loginGuess(url, anonKey, `127.0.0.${101 + worker}`, guesses.length),
          ),
      ),
    ]);
    await new Promise((done) => setTimeout(done, 2_000));
    // The photographer signs in mid-attack from the browser they used before (this process's device id).
    const ownerToken = await adminLogin(bench.admin, 'admin', bench.adminPassword).catch(
      () => null,
    );
    const during = await visitsFor(duration - 3_000);
    await attack;
    clearInterval(sampler);

    const p95 = (values: number[]) => round(percentile(values, 95));
    const mb = (bytes: number) => round(bytes / MB);
    bench.record('abuse_visitor_p95_ms', {
      value: p95(during),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `a visitor's settings read + thumbnail every 100 ms: p95 ${p95(quiet)} ms quiet, ${p95(during)} ms under attack (${during.length} reads, all answered)`,
    });
    bench.record('abuse_visitor_vs_quiet', {
      value: round(percentile(during, 95) / percentile(quiet, 95), 2),
      unit: '×',
      target: null,
      better: 'lower',
      note: 'p95 under attack ÷ p95 quiet, same run',
    });
    bench.record('abuse_stack_rss_peak_mb', {
      value: mb(peakRss),
      unit: 'MB',
      target: null,
      better: 'lower',
      note: `gateway + storage process: ${mb(quietRss)} MB quiet, peak ${mb(peakRss)} MB (+${mb(peakRss - quietRss)} MB) while ${uploads.length + oversized.length} uploads of 50–60 MB were refused`,
    });
    bench.record('abuse_upload_refusal_p95_ms', {
      value: p95(uploads.map((sent) => sent.ms)),
      unit: 'ms',
      target: null,
      better: 'lower',
      note: `anonymous 50 MB uploads: ${count(uploads.map((sent) => sent.status))}; admin uploads over 50 MB: ${count(oversized.map((sent) => sent.status))}, p95 ${p95(oversized.map((sent) => sent.ms))} ms`,
    });
    bench.record('abuse_owner_signs_in', {
      value: ownerToken ? 1 : 0,
      unit: 'yes',
      target: 1,
      better: 'higher',
      note: `during ${guesses.length} guesses at 'admin' from 20 sources: ${count(guesses)}`,
    });
  },
};
