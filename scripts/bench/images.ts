/**
 * `npm run bench:images [-- --no-build] [-- --runs N]`: how many image bytes the storefront's first
 * screen costs, against the storefront as `npm start` serves it (fresh seeded database).
 *
 * 1. Builds (`npm run build`) unless --no-build is given.
 * 2. Starts `tsx server/main.ts` on a fresh temporary DATA_DIR (ports 5173/54321: run it under the
 *    e2e lock, `flock /tmp/npng-e2e.lock npm run bench:images`).
 * 3. Opens /shop, /, a published product page and /collections in Debian's Chromium, a fresh
 *    browser context (empty cache) per run, at two viewports:
 *      phone   360×740 CSS px, device pixel ratio 2, mobile + touch (a common Android phone)
 *      desktop 1280×800 CSS px, device pixel ratio 1
 *    waits for network idle, and sums the encoded body bytes (what came over the wire, as
 *    Chromium's network stack counted it) of the image responses:
 *      first screen  the images whose <img> element intersects the initial viewport (its currentSrc)
 *      all           every image response the page received (lazy images near the fold, preloads)
 *    and, per first-screen image, its CSS width and the pixel width fetched for it.
 * 4. Prints each figure's median over the runs (default 3) and the budget line
 *    (issue 12: /shop on a phone, first screen ≤ 120 KB); exits 1 when it is missed.
 * Sizes are in KB of 1,024 bytes. No timing is measured.
 */
import { type Browser, chromium, type Request } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { buildUnlessSkipped, median, option, publishedSlug, runBench, SITE, show, startServer, table } from './server.ts';

const BUDGET_KB = 120;
const RUNS = Number(option('--runs') ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}

const VIEWPORTS = [
  { name: 'phone', label: '360×740 @2x', options: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  { name: 'desktop', label: '1280×800 @1x', options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } },
] as const;

type Run = { firstBytes: number; firstCount: number; allBytes: number; allCount: number; widths: string };

async function measure(browser: Browser, url: string, options: (typeof VIEWPORTS)[number]['options']): Promise<Run> {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const sizes: Promise<{ url: string; bytes: number }>[] = [];
    const track = (request: Request) => {
      if (request.resourceType() !== 'image' || request.url().startsWith('data:')) return;
      sizes.push(request.sizes().then((s) => ({ url: request.url(), bytes: s.responseBodySize })));
    };
    page.on('requestfinished', track);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => console.warn(`warning: ${url} never went network-idle; counting what loaded`));
    // The first screen: <img> elements that intersect the viewport as the page opened (no scrolling).
    const visible = await page.evaluate(() =>
      [...document.images]
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
        })
        .map((img) => {
          const src = img.currentSrc || img.src;
          // What was fetched: a render URL's width, else the file's own width (a plain src has density 1).
          const asked = Number(/[?&]width=(\d+)/.exec(src)?.[1] ?? img.naturalWidth);
          return { src, shown: Math.round(img.getBoundingClientRect().width), fetched: asked };
        }),
    );
    page.off('requestfinished', track);
    const loaded = await Promise.all(sizes);
    const bytesOf = new Map<string, number>();
    for (const { url: u, bytes } of loaded) bytesOf.set(u, (bytesOf.get(u) ?? 0) + bytes);
    const firstUrls = new Set(visible.map((v) => v.src));
    let firstBytes = 0;
    for (const u of firstUrls) firstBytes += bytesOf.get(u) ?? 0;
    const pairs = visible.map((v) => `${v.shown}→${v.fetched}`);
    const widths = [...new Set(pairs)].slice(0, 3).join(' ');
    return { firstBytes, firstCount: firstUrls.size, allBytes: loaded.reduce((sum, l) => sum + l.bytes, 0), allCount: loaded.length, widths };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  if (!buildUnlessSkipped()) return 1;
  console.log('── starting tsx server/main.ts on a fresh database');
  await startServer();
  const slug = await publishedSlug();
  const pages = [
    { name: '/shop', url: `${SITE}/shop` },
    { name: '/', url: `${SITE}/` },
    { name: '/shop/{slug}', url: `${SITE}/shop/${slug}` },
    { name: '/collections', url: `${SITE}/collections` },
  ];
  console.log(`── ${RUNS} run(s) per page and viewport; product page: /shop/${slug}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  let shopPhoneFirst: number | null = null;
  try {
    for (const page of pages) {
      for (const viewport of VIEWPORTS) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, page.url, viewport.options));
        const kb = (pick: (r: Run) => number) => {
          const m = median(runs.map(pick));
          return m === null ? null : m / 1024;
        };
        const first = kb((r) => r.firstBytes);
        if (page.name === '/shop' && viewport.name === 'phone') shopPhoneFirst = first;
        rows.push([
          page.name,
          `${viewport.name} ${viewport.label}`,
          show(first, 1),
          show(median(runs.map((r) => r.firstCount))),
          show(
            kb((r) => r.allBytes),
            1,
          ),
          show(median(runs.map((r) => r.allCount))),
          runs[0]?.widths || '—',
        ]);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`\nImage bytes (encoded body sizes, KB; medians of ${RUNS})\n`);
  console.log(table(['page', 'viewport', 'first screen KB', 'images', 'all loaded KB', 'images', 'shown CSS px→fetched px (first run, ≤3)'], rows));
  const ok = shopPhoneFirst !== null && shopPhoneFirst <= BUDGET_KB;
  console.log(`\n${ok ? 'PASS  ' : 'MISSED'}  /shop phone first screen: ${show(shopPhoneFirst, 1)} KB (budget ≤ ${BUDGET_KB} KB)`);
  return ok ? 0 : 1;
}

runBench(main);
