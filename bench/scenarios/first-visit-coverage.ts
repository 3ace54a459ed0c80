/**
 * What a first visit's scripts are, and how much of them runs (issue 34, item 2): Chromium's
 * precise coverage (the DevTools coverage tab) on a first visit to the home page, a curated
 * gallery and a client album (200 photos each), each byte traced through the build's hidden
 * source maps (bench/run.ts builds with them) to the package or the app folder it came from.
 * - first_visit_unused_kb_{home,gallery,client}: KB of script loaded and never run (before
 *   gzip); the note lists the largest parts, each as its share of the page's gzipped KB and
 *   the part of it that ran.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';
import type { Bench, Scenario } from '../support/context';
import { newBenchContext } from '../support/chromium';
import { publicPages } from '../support/fixtures';
import { round } from '../support/metrics';

interface Part {
  bytes: number;
  ran: number;
  /** Its bytes' share of their files' gzipped size. */
  gzip: number;
}

/** A source's part: its npm package, or the app folder two levels down (src/features/home). */
function partOf(source: string | null): string {
  if (!source) return '(bundler)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  const inApp = /(?:^|\/)src\/([^/]+)(?:\/([^/]+)\/)?/.exec(source);
  return inApp ? `src/${inApp[1]}${inApp[2] ? `/${inApp[2]}` : ''}` : source;
}

/** For each character of `code`, the part it came from (by the file's source map). */
function partsByOffset(code: string, map: TraceMap): string[] {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const owner: string[] = new Array<string>(code.length).fill('(bundler)');
  const segments: Array<{ at: number; part: string }> = [];
  eachMapping(map, (mapping) => {
    const at = lineStarts[mapping.generatedLine - 1]! + mapping.generatedColumn;
    segments.push({ at, part: partOf(mapping.source) });
  });
  segments.sort((a, b) => a.at - b.at);
  segments.forEach((segment, index) =>
    owner.fill(segment.part, segment.at, segments[index + 1]?.at ?? code.length),
  );
  return owner;
}

async function coverageOfFirstVisit(bench: Bench, path: string) {
  const context = await newBenchContext(bench.browser, {
    viewport: { width: 412, height: 823 },
    // The worker's own scripts are not the page's; its precache would only add noise here.
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: true });
  await page.goto(`${bench.stack.url}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(3000);
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  await context.close();

  const parts = new Map<string, Part>();
  let total = 0;
  let ran = 0;
  let gzipTotal = 0;
  for (const script of result) {
    const { pathname } = new URL(script.url || 'about:blank');
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) continue;
    const file = join(bench.distDir, pathname);
    const code = readFileSync(file, 'utf8');
    const gzipped = gzipSync(code).length;
    gzipTotal += gzipped;
    // Ranges nest, outer first: the innermost range says whether a character ran.
    const didRun = new Uint8Array(code.length).fill(1);
    for (const fn of script.functions)
      for (const range of fn.ranges)
        didRun.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
    // The bundler's own runtime has no map.
    const owner = existsSync(`${file}.map`)
      ? partsByOffset(code, new TraceMap(readFileSync(`${file}.map`, 'utf8')))
      : new Array<string>(code.length).fill('(bundler)');
    for (let i = 0; i < code.length; i++) {
      const part = parts.get(owner[i]!) ?? { bytes: 0, ran: 0, gzip: 0 };
      part.bytes++;
      part.ran += didRun[i]!;
      part.gzip += gzipped / code.length;
      parts.set(owner[i]!, part);
      ran += didRun[i]!;
    }
    total += code.length;
  }
  return { parts, total, ran, gzipTotal };
}

export const firstVisitCoverage: Scenario = {
  name: 'first-visit-coverage',
  async run(bench) {
    for (const { page: name, path } of await publicPages(bench)) {
      const { parts, total, ran, gzipTotal } = await coverageOfFirstVisit(bench, path);
      const largest = [...parts.entries()]
        .sort((a, b) => b[1].gzip - a[1].gzip)
        .slice(0, 14)
        .map(
          ([part, { bytes, ran: partRan, gzip }]) =>
            `${part} ${round(gzip / 1024)} (${Math.round((100 * partRan) / bytes)}% ran)`,
        );
      bench.record(`first_visit_unused_kb_${name}`, {
        value: round((total - ran) / 1024),
        unit: 'KB',
        target: null,
        better: 'lower',
        note: `${round(total / 1024)} KB of script (${round(gzipTotal / 1024)} KB gzipped), ${Math.round((100 * ran) / total)}% of it run; gzipped KB by part: ${largest.join(', ')}`,
      });
    }
  },
};
