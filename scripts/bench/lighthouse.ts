/**
 * `npm run bench:lighthouse [-- --no-build] [-- --runs N] [-- --save DIR]`: Lighthouse scores of the
 * storefront as `npm start` serves it. --save keeps every run's Lighthouse report (JSON) in DIR.
 *
 * 1. Builds (`npm run build`) unless --no-build is given.
 * 2. Starts `tsx server/main.ts` (storefront on :5173, API on :54321) on a fresh temporary DATA_DIR,
 *    which it seeds on first start, and waits until both answer. The server is stopped at the end,
 *    also on errors and Ctrl+C. The ports are the ones Playwright uses: while other work runs e2e
 *    tests on this machine, run the benchmark under the same lock:
 *      flock /tmp/npng-e2e.lock npm run bench:lighthouse
 * 3. Picks a published product through the REST API and audits `/`, `/shop` and `/shop/{slug}`
 *    with Lighthouse's defaults — mobile form factor, simulated throttling (Moto G Power on slow
 *    4G) — categories performance and accessibility, in Debian's Chromium (headless, a fresh
 *    profile per run), N runs per page (default 3).
 * 4. Prints per page the median of each figure over the runs (performance and accessibility
 *    score, LCP, CLS, TBT) and every run's performance score, then one verdict line per budget;
 *    exits 1 when a budget is missed.
 *
 * Budgets (SPEC §9 / issue): performance ≥ 90, accessibility = 100, CLS ≤ 0.05 on every page.
 *
 * Lighthouse 12 (not 13): Lighthouse 13 needs Node 22.19+, the project supports Node 20.19+. Each
 * figure's median is taken on its own over the runs; a run that Lighthouse could not measure
 * (runtimeError) makes the page's figures n/a, which misses the budgets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { buildUnlessSkipped, median, option, publishedSlug, show, SITE, runBench, startServer, table } from './server.ts';

const BUDGETS = { performance: 90, accessibility: 100, cls: 0.05 } as const;
const RUNS = Number(option('--runs') ?? 3);
const SAVE_DIR = option('--save');
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}

// ── Lighthouse ───────────────────────────────────────────────────────────────────────────────

type Run = { performance: number | null; accessibility: number | null; lcp: number | null; cls: number | null; tbt: number | null; error?: string };

async function audit(url: string, saveAs?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr, null, 1));
    const score = (id: string) => (typeof lhr.categories[id]?.score === 'number' ? Math.round((lhr.categories[id].score as number) * 100) : null);
    const value = (id: string) => (typeof lhr.audits[id]?.numericValue === 'number' ? (lhr.audits[id].numericValue as number) : null);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    };
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<number> {
  const t0 = Date.now();
  if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
  if (!buildUnlessSkipped()) return 1;

  console.log('── starting tsx server/main.ts on a fresh database');
  await startServer();
  const slug = await publishedSlug();
  const pages = [
    { name: '/', url: `${SITE}/` },
    { name: '/shop', url: `${SITE}/shop` },
    { name: `/shop/${slug}`, url: `${SITE}/shop/${slug}` },
  ];
  console.log(`── Lighthouse (mobile, simulated throttling), ${RUNS} run${RUNS === 1 ? '' : 's'} per page\n`);

  const results: { name: string; runs: Run[] }[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const saveAs = SAVE_DIR && join(SAVE_DIR, `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`);
      const run = await audit(page.url, saveAs);
      runs.push(run);
      console.log(`${page.name} run ${i + 1}: performance ${show(run.performance)}, accessibility ${show(run.accessibility)}${run.error ? ` — ${run.error}` : ''}`);
    }
    results.push({ name: page.name, runs });
  }

  const summary = results.map(({ name, runs }) => ({
    name,
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    runs: runs.map((r) => show(r.performance)).join(' '),
  }));
  console.log(`\nMedians of ${RUNS} run${RUNS === 1 ? '' : 's'}\n`);
  console.log(
    table(
      ['page', 'performance', 'accessibility', 'LCP', 'CLS', 'TBT', 'runs (performance)'],
      summary.map((s) => [s.name, show(s.performance), show(s.accessibility), show(s.lcp && s.lcp / 1000, 2, ' s'), show(s.cls, 3), show(s.tbt, 0, ' ms'), s.runs]),
    ),
  );

  const verdicts = [
    { budget: `performance ≥ ${BUDGETS.performance}`, ok: (s: (typeof summary)[number]) => s.performance !== null && s.performance >= BUDGETS.performance, value: (s: (typeof summary)[number]) => show(s.performance) },
    { budget: `accessibility = ${BUDGETS.accessibility}`, ok: (s: (typeof summary)[number]) => s.accessibility === BUDGETS.accessibility, value: (s: (typeof summary)[number]) => show(s.accessibility) },
    { budget: `CLS ≤ ${BUDGETS.cls}`, ok: (s: (typeof summary)[number]) => s.cls !== null && s.cls <= BUDGETS.cls, value: (s: (typeof summary)[number]) => show(s.cls, 3) },
  ];
  console.log('');
  let missed = false;
  for (const v of verdicts) {
    const failing = summary.filter((s) => !v.ok(s));
    missed ||= failing.length > 0;
    const detail = summary.map((s) => `${s.name} ${v.value(s)}`).join(', ');
    console.log(`${failing.length ? 'MISSED' : 'OK    '}  ${v.budget.padEnd(18)} ${detail}${failing.length ? ` (missed on ${failing.map((s) => s.name).join(', ')})` : ''}`);
  }
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  return missed ? 1 : 0;
}

runBench(main);
