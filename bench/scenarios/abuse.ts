/**
 * abuse_*: the gateway and the storage service under abuse (issue 17, docs/SECURITY.md), while
 * a visitor keeps reading and the photographer signs in. For 15 s, at once:
 * - a stranger (127.0.0.201) with ten anonymous uploads of 50 MB at a time, each started again
 *   as soon as it is answered;
 * - a holder of the admin's token (127.0.0.202) with four uploads at a time that declare 60 MB
 *   (over the bucket's 50 MB), and two that send 60 MB without saying so (chunked);
 * - twenty sources (127.0.0.101–120) guessing the superuser's password as fast as answers come.
 * Measured side by side: a visitor's read (site settings, then a thumbnail) every 100 ms before
 * and during the attack (p95 and the ratio), the stack process's resident memory (gateway and
 * storage service; Postgres and PostgREST are other processes), how fast an upload is refused,
 * and whether the photographer, on the browser they signed in with before, still gets in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminLogin } from '../../src/lib/backend/admin-auth';
import type { Scenario } from '../support/context';
import { startReadyProcess } from '../support/ready-process';
import type { ZeroUploadAnswer } from '../../tests/support/zero-upload';
import { album1000 } from '../support/fixtures';
import { percentile, round } from '../support/metrics';

const MB = 1024 * 1024;
const ATTACKER = join(import.meta.dirname, '..', 'support', 'abuse-attack-process.ts');

interface AttackAnswers {
  uploads: ZeroUploadAnswer[];
  oversized: ZeroUploadAnswer[];
  guesses: number[];
}
/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
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

    /** One visit: the settings read and the thumbnail, each timed (ms). */
    const visit = async () => {
      const started = performance.now();
      const settings = await fetch(
        `${url}/rest/v1/site_settings?select=setting_key,setting_value`,
        { headers: api },
      );
      await settings.arrayBuffer();
      const read = performance.now();
      const image = await fetch(thumbnail);
      await image.arrayBuffer();
      if (!settings.ok || !image.ok)
        throw new Error(`A visitor's read failed: ${settings.status} / ${image.status}`);
      return { settings: read - started, thumbnail: performance.now() - read };
    };
    const visitsFor = async (ms: number) => {
      const times: Array<{ settings: number; thumbnail: number }> = [];
      const end = performance.now() + ms;
      while (performance.now() < end) {
        times.push(await visit());
        await new Promise((done) => setTimeout(done, 100));
      }
      return {
        whole: times.map((time) => time.settings + time.thumbnail),
        settings: times.map((time) => time.settings),
        thumbnail: times.map((time) => time.thumbnail),
      };
    };

    // Quiet: the same reads with nothing else going on.
    await visitsFor(1_000);
    const quietRss = rssOf(pid);
    const quiet = await visitsFor(bench.quick ? 3_000 : 8_000);

    const duration = bench.quick ? 5_000 : 15_000;
    let peakRss = quietRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 50);
    const attack = startReadyProcess<AttackAnswers>(
      ATTACKER,
      {
        STACK_URL: url,
        ANON_KEY: anonKey,
        ADMIN_TOKEN: bench.admin.credentials()!.token,
        ATTACK_MS: String(duration),
      },
      'The attack',
    );
    await new Promise((done) => setTimeout(done, 2_000));
    // The photographer signs in mid-attack from the browser they used before (this process's device id).
    const ownerToken = await adminLogin(bench.admin, 'admin', bench.adminPassword).catch(
      () => null,
    );
    const during = await visitsFor(duration - 3_000);
    const { uploads, oversized, guesses } = (await attack).ready;
    clearInterval(sampler);

    const p95 = (values: number[]) => round(percentile(values, 95));
    const mb = (bytes: number) => round(bytes / MB);
    bench.record('abuse_visitor_p95_ms', {
      value: p95(during.whole),
      unit: 'ms',
      target: null,
      better: 'lower',
      note:
        `a visitor's settings read + thumbnail every 100 ms: p95 ${p95(quiet.whole)} ms quiet, ${p95(during.whole)} ms under attack (${during.whole.length} reads, all answered); ` +
        `settings read ${p95(quiet.settings)} → ${p95(during.settings)} ms, thumbnail ${p95(quiet.thumbnail)} → ${p95(during.thumbnail)} ms`,
    });
    bench.record('abuse_visitor_vs_quiet', {
      value: round(percentile(during.whole, 95) / percentile(quiet.whole, 95), 2),
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
