/**
 * get_album_photos_by_token through the gateway (PostgREST), as a client's browser calls it:
 * - rpc_photos_p95_ms: p95 of 200 sequential calls on a 1,000-photo album (after 20 warm-up calls),
 *   compressed as a browser asks; alternately with 200 calls that ask for no compression, and
 *   200 through a link with a passcode (whose answers the gateway never keeps: each reaches the
 *   database), whose p95s the note gives beside it;
 * - rpc_photos_rps: autocannon, 50 connections for 20 s, each taking a compressed answer as a
 *   browser does, then the same through the link with a passcode (the note); any error or
 *   non-2xx answer is reported;
 * - scale_ratio_photos: p95 on a 10,000-photo album ÷ p95 on the 1,000-photo album, the two
 *   measured alternately (200 calls each) so load on the machine hits both alike.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import type { Bench, Scenario } from '../support/context';
import { album1000 } from '../support/fixtures';
import { percentile, round } from '../support/metrics';
import { seedClientLink } from '../support/seed';

/** The call's headers, as a client's browser sends them: it takes brotli or gzip. */
const callHeaders = (bench: Bench, acceptEncoding = 'gzip, deflate, br') => ({
  apikey: bench.stack.anonKey,
  authorization: `Bearer ${bench.stack.anonKey}`,
  'content-type': 'application/json',
  'accept-encoding': acceptEncoding,
});

function caller(
  bench: Bench,
  token: string,
  { acceptEncoding, passcode }: { acceptEncoding?: string; passcode?: string } = {},
) {
  const url = `${bench.stack.url}/rest/v1/rpc/get_album_photos_by_token`;
  const init = {
    method: 'POST',
    headers: callHeaders(bench, acceptEncoding),
    body: JSON.stringify({ p_access_token: token, ...(passcode && { p_passcode: passcode }) }),
  };
  return async (): Promise<{ ms: number; rows: number; bytes: number }> => {
    const started = performance.now();
    const response = await fetch(url, init);
    const text = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`get_album_photos_by_token: ${response.status} ${text}`);
    return { ms, rows: (JSON.parse(text) as unknown[]).length, bytes: text.length };
  };
}

export const rpcPhotos: Scenario = {
  name: 'rpc-photos',
  async run(bench) {
    const { album, token } = await album1000(bench);
    const call1k = caller(bench, token);
    const callPlain = caller(bench, token, { acceptEncoding: 'identity' });
    const askedToken = await seedClientLink(bench, album.id, { passcode: '4821' });
    const callAsked = caller(bench, askedToken, { passcode: '4821' });
    for (let i = 0; i < 20; i++) {
      await call1k();
      await callPlain();
      await callAsked();
    }
    const times: number[] = [];
    const plainTimes: number[] = [];
    const askedTimes: number[] = [];
    let shape = { rows: 0, bytes: 0 };
    for (let i = 0; i < 200; i++) {
      const { ms, ...rest } = await call1k();
      times.push(ms);
      shape = rest;
      plainTimes.push((await callPlain()).ms);
      askedTimes.push((await callAsked()).ms);
    }
    const p95 = percentile(times, 95);
    const plainP95 = percentile(plainTimes, 95);
    const askedP95 = percentile(askedTimes, 95);
    bench.record('rpc_photos_p95_ms', {
      value: round(p95),
      unit: 'ms',
      target: 50,
      better: 'lower',
      note: `${shape.rows} rows, ${round(shape.bytes / 1024)} KB of JSON per answer; median ${round(percentile(times, 50))} ms; uncompressed, alternately: p95 ${round(plainP95)} ms (compressed ÷ uncompressed ${round(p95 / plainP95, 2)}×); through a link with a passcode, never kept by the gateway, alternately: p95 ${round(askedP95)} ms (median ${round(percentile(askedTimes, 50))} ms)`,
    });

    const underLoad = (body: Record<string, string>) =>
      autocannon({
        url: `${bench.stack.url}/rest/v1/rpc/get_album_photos_by_token`,
        method: 'POST',
        headers: callHeaders(bench),
        body: JSON.stringify(body),
        connections: 50,
        duration: bench.quick ? 5 : 20,
      });
    const load = await underLoad({ p_access_token: token });
    // The same load through a link with a passcode: every call reaches the database.
    const askedLoad = await underLoad({ p_access_token: askedToken, p_passcode: '4821' });
    const errors = [load, askedLoad].reduce(
      (sum, run) => sum + run.errors + run.timeouts + run.non2xx,
      0,
    );
    bench.record('rpc_photos_rps', {
      value: round(load.requests.average),
      unit: 'req/s',
      target: 400,
      better: 'higher',
      note: `${load.requests.total} requests, ${errors} errors/timeouts/non-2xx; latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms; ${round(load.throughput.average / 1024 / 1024)} MB/s compressed; through a link with a passcode (never kept): ${round(askedLoad.requests.average)} req/s, latency p50 ${askedLoad.latency.p50} ms, p99 ${askedLoad.latency.p99} ms`,
    });
    if (errors > 0) bench.log(`rpc_photos_rps had ${errors} failed requests`);

    // A 10,000-photo album: rows copied from the 1,000-photo album (the RPC never opens the files).
    const bigId = randomUUID();
    await bench.sql(
      `insert into public.albums (id, name) values ($1, 'Festival (10,000 photos)')`,
      [bigId],
    );
    await bench.sql(
      `with template as (
         select p.*, row_number() over (order by created_at, id) - 1 as k, count(*) over () as total from public.photos p where album_id = $3
       )
       insert into public.photos (album_id, filename, file_url, thumb_url, preview_url, cover_url, original_filename, file_size, width, height, mime_type, created_at)
       -- The same files' names under the new album's folder (a photo's files live in its album's folder).
       select $1::uuid, 'p' || n || '.jpg', replace(t.file_url, $3::uuid::text, $1::uuid::text),
              replace(t.thumb_url, $3::uuid::text, $1::uuid::text), replace(t.preview_url, $3::uuid::text, $1::uuid::text),
              replace(t.cover_url, $3::uuid::text, $1::uuid::text), 'DSC_' || n || '.jpg', t.file_size, t.width, t.height, t.mime_type,
              now() + make_interval(secs => n)
         from generate_series(0, $2::int - 1) n join template t on t.k = n % t.total`,
      [bigId, bench.quick ? 3000 : 10_000, album.id],
    );
    await bench.sql('analyze public.photos');
    const call10k = caller(bench, await seedClientLink(bench, bigId));
    for (let i = 0; i < 10; i++) await call10k();
    const small: number[] = [];
    const big: number[] = [];
    let bigShape = { rows: 0, bytes: 0 };
    for (let i = 0; i < 200; i++) {
      small.push((await call1k()).ms);
      const { ms, ...rest } = await call10k();
      big.push(ms);
      bigShape = rest;
    }
    const [p95Small, p95Big] = [percentile(small, 95), percentile(big, 95)];
    bench.record('scale_ratio_photos', {
      value: round(p95Big / p95Small, 2),
      unit: '×',
      target: 2,
      better: 'lower',
      note: `p95 ${round(p95Big)} ms for the big album, answered with ${bigShape.rows} rows (${round(bigShape.bytes / 1024)} KB)${bigShape.rows <= album.photoIds.length ? ' — capped by PostgREST db-max-rows, the function still reads every photo' : ''} ÷ ${round(p95Small)} ms for ${album.photoIds.length} rows`,
    });
  },
};
