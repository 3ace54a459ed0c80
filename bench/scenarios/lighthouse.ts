/**
 * Lighthouse (npm lighthouse, default mobile preset: Moto G Power emulation, simulated slow
 * 4G and 4× CPU throttling) on Debian Chromium: the performance score of the home page, a
 * 200-photo curated gallery and a 200-photo client album, and the home page's LCP and CLS.
 * Median of three runs per page; each run starts with cleared storage (a first visit).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Scenario } from '../support/context';
import { launchDebuggableChromium } from '../support/debuggable-chromium';
import { album200, homeContent } from '../support/fixtures';
import { median, round } from '../support/metrics';

interface Run {
  score: number;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
}

/**
 * BENCH_LHR_DIR=<folder> keeps every Lighthouse report there, to find out why a score is low.
 * BENCH_LH_THROTTLING=devtools applies the preset's network and CPU limits for real instead of
 * simulating them: slower, but its network log shows the real order of requests under them.
 */
async function audit(port: number, url: string, label: string): Promise<Run> {
  const throttlingMethod = process.env.BENCH_LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_LHR_DIR) writeFileSync(join(process.env.BENCH_LHR_DIR, `${label}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
  };
}

export const lighthouseScores: Scenario = {
  name: 'lighthouse',
  async run(bench) {
    await homeContent(bench);
    const { token, galleryId } = await album200(bench);
    const pages = {
      home: `${bench.stack.url}/`,
      gallery: `${bench.stack.url}/gallery/public/${galleryId}`,
      client: `${bench.stack.url}/client/${token}`,
    };
    const runs = bench.quick ? 1 : 3;
    const chromium = await launchDebuggableChromium();
    try {
      for (const [name, url] of Object.entries(pages)) {
        const results: Run[] = [];
        for (let run = 0; run < runs; run++) results.push(await audit(chromium.port, url, `${name}-${run + 1}`));
        const pick = (key: keyof Run) => median(results.map((result) => result[key]));
        const detail = `runs ${results.map((result) => round(result.score, 0)).join('/')}; median FCP ${round(pick('fcp'), 0)} ms, LCP ${round(pick('lcp'), 0)} ms, TBT ${round(pick('tbt'), 0)} ms, CLS ${round(pick('cls'), 3)}`;
        bench.record(`lighthouse_${name}`, { value: round(pick('score'), 0), unit: 'score', target: 95, better: 'higher', note: detail });
        if (name === 'home') {
          bench.record('lcp_home_ms', { value: round(pick('lcp'), 0), unit: 'ms', target: 1800, better: 'lower' });
          bench.record('cls_home', { value: round(pick('cls'), 3), unit: '', target: 0.02, better: 'lower' });
        }
      }
    } finally {
      await chromium.close();
    }
  },
};
