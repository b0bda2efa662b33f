/**
 * `npm run bench:dashboard [-- --no-build] [-- --runs N]`: the admin dashboard (issue 24 item 1,
 * ADR 0036) at shop scale, on a fresh PostgreSQL 15 cluster (scripts/with-postgres.ts) served as
 * `npm start` serves it:
 *   - seeds 10,000 products (4 variants each, some low on stock or sold out, with waiting
 *     back-in-stock requests) and 50,000 orders over the last 400 days (1–3 lines each) in SQL
 *     (generate_series, triggers off for the bulk insert), then ANALYZE and VACUUM;
 *   - each panel's SQL time: EXPLAIN ANALYZE of its RPC as the seed admin (role authenticated, the
 *     admin's JWT claims), 30-day period, median of N (default 5) after one warm-up call;
 *   - first paint in Debian's Chromium: from navigation start until all four panels of /admin have
 *     rendered their answer (data-status="loaded"), a fresh browser context each run, median of N.
 * Budgets: each panel ≤ 50 ms, first paint ≤ 1.0 s. Prints PASS/MISS per budget and exits 1 on a miss.
 * Run it under the e2e lock (ports 5173/54321): flock /tmp/npng-e2e.lock npm run bench:dashboard
 */
import pg from 'pg';
import { chromium, type Browser } from 'playwright';
import { SEED_USERS } from '../../server/seed/users.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { postgresMissing, startTemporaryPostgres } from '../with-postgres.ts';
import { buildUnlessSkipped, median, option, runBench, show, signedInAdminState, SITE, startServer, table } from './server.ts';

const PRODUCTS = 10_000;
const ORDERS = 50_000;
const BUDGET = { panelMs: 50, firstPaintMs: 1000 };
const RUNS = (() => {
  const value = Number(option('--runs') ?? 5);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
    process.exit(2);
  }
  return value;
})();
const ADMIN = SEED_USERS.find((u) => u.label === 'admin')!;

/** The bulk seed, in one transaction with the triggers off (stats and price history are not what this measures). */
const SEED_SQL = `
set session_replication_role = replica;
insert into public.products (slug, title, category, status, created_at)
select 'dash-bench-' || g, 'Dash Bench Product ' || g, (array['clothing','accessories','equipment','supplements'])[1 + g % 4],
       case when g % 20 = 0 then 'draft' else 'published' end, now() - interval '500 days'
from generate_series(1, ${PRODUCTS}) g;
insert into public.variants (product_id, sku, size, price, inventory)
select p.id, 'DASHB-' || substr(p.slug, 12) || '-' || s.size, s.size, 1000 + (s.n * 500),
       -- about 3% sold out, 7% at 1–5, the rest 6–60
       case when (hashtext(p.slug || s.size) & 1023) < 31 then 0
            when (hashtext(p.slug || s.size) & 1023) < 103 then 1 + (hashtext(p.slug) & 3)
            else 6 + (hashtext(s.size || p.slug) & 31) end
from public.products p cross join (values ('S', 1), ('M', 2), ('L', 3), ('XL', 4)) as s(size, n)
where p.slug like 'dash-bench-%';
-- 50,000 orders over the last 400 days, most paid and delivered, some of every other status.
insert into public.orders (customer_email, status, subtotal, shipping, total, refunded_total, currency, created_at)
select 'bench' || g || '@example.test',
       (array['delivered','delivered','delivered','shipped','shipped','paid','processing','refunded','cancelled','pending'])[1 + g % 10],
       2000 + (g % 97) * 100, 499, 2499 + (g % 97) * 100,
       case when g % 10 = 7 then 2499 + (g % 97) * 100 when g % 31 = 0 then 1000 else 0 end,
       'EUR', now() - ((g % 400) || ' days')::interval - ((g * 7919 % 86400) || ' seconds')::interval
from generate_series(1, ${ORDERS}) g;
insert into public.order_items (order_id, product_id, variant_id, title, sku, unit_price, qty, line_total, position)
select o.id, v.product_id, v.id, 'Dash Bench line', v.sku, v.price, 1 + (l.n + o.total) % 3, v.price * (1 + (l.n + o.total) % 3), l.n
from (select id, total, row_number() over () as r from public.orders where customer_email like 'bench%@example.test') o
cross join lateral generate_series(1, 1 + (o.r % 3)::integer) as l(n)
join lateral (select id, product_id, sku, price from public.variants where sku = 'DASHB-' || (1 + (o.r * 37 + l.n * 101) % ${PRODUCTS}) || '-M') v on true;
insert into public.back_in_stock_requests (variant_id, email, status, confirmed_at)
select v.id, 'wait' || g || '-' || substr(v.id::text, 1, 8) || '@example.test', case when g % 4 = 0 then 'pending' else 'waiting' end,
       case when g % 4 = 0 then null else now() end
from public.variants v cross join generate_series(1, 3) g
where v.inventory = 0 and v.sku like 'DASHB-%';
set session_replication_role = origin;
`;

type PanelCall = { name: string; sql: string };
const PANELS: PanelCall[] = [
  { name: 'sales (30 days)', sql: 'select public.admin_dashboard_sales(30)' },
  { name: 'top products (30 days)', sql: 'select public.admin_dashboard_top_products(30)' },
  { name: 'stock (≤ 5)', sql: 'select public.admin_dashboard_stock(5)' },
  { name: 'needs attention', sql: 'select public.admin_dashboard_attention()' },
  { name: 'sales (90 days)', sql: 'select public.admin_dashboard_sales(90)' },
  { name: 'top products (90 days)', sql: 'select public.admin_dashboard_top_products(90)' },
];

/** One RPC's execution time as the seed admin: EXPLAIN ANALYZE inside a transaction that sets the caller as PostgREST does. */
async function panelTime(client: pg.Client, adminId: string, sql: string): Promise<number> {
  await client.query('begin');
  try {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: adminId, role: 'authenticated', aal: 'aal1', email: ADMIN.email }),
    ]);
    const { rows } = await client.query(`explain (analyze, format json) ${sql}`);
    const plan = (rows[0] as Record<string, { 'Execution Time': number }[]>)['QUERY PLAN'][0];
    return plan['Execution Time'];
  } finally {
    await client.query('rollback');
  }
}

/**
 * From navigation start to the frame after the last of the four panels rendered its answer (a
 * MutationObserver sees data-status="loaded" on all four; the next animation frame paints them). A
 * string: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_PANELS = `(() => {
  const done = () => document.querySelectorAll('[data-panel][data-status="loaded"]').length === 4;
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__panels = performance.now(); };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
})();`;

/** When the HTML, the app's code, the admin chunk, is_admin() and the panels' RPCs were done (a string, as WATCH_PANELS). */
const MARKS = `(() => {
  const resources = performance.getEntriesByType('resource');
  const end = (part) => Math.max(0, ...resources.filter((e) => e.name.includes(part)).map((e) => e.responseEnd));
  const rpcs = resources.filter((e) => e.name.includes('/rpc/admin_dashboard_'));
  return { html: performance.getEntriesByType('navigation')[0].responseEnd, framework: end('/assets/framework-'), admin: end('/assets/AdminRoute-'),
    isAdmin: end('/rpc/is_admin'), rpcStart: Math.min(...rpcs.map((e) => e.startTime)), rpcEnd: Math.max(...rpcs.map((e) => e.responseEnd)) };
})()`;

/** `--timeline`: after the runs, what the last one fetched and when (ms from navigation start), to see what the paint waits for. */
const TIMELINE = process.argv.includes('--timeline');
let lastTimeline: string[] = [];

async function firstPaint(browser: Browser, state: string): Promise<number> {
  // bypassCSP: the shop's CSP (ADR 0030) forbids eval, which Playwright's waitForFunction needs; the page's own scripts run as always.
  const context = await browser.newContext({ locale: 'en-US', storageState: JSON.parse(state), bypassCSP: true });
  await context.addInitScript(WATCH_PANELS);
  const page = await context.newPage();
  try {
    await page.goto(`${SITE}/admin`);
    const handle = await page.waitForFunction('window.__panels', undefined, { timeout: 30_000 });
    if (TIMELINE) {
      lastTimeline = await page.evaluate(() => [
        ...performance
          .getEntriesByType('navigation')
          .map(
            (e) =>
              `${'0'.padStart(6)} – ${e.duration.toFixed(0).padStart(5)}  the page (DOMContentLoaded ${(e as PerformanceNavigationTiming).domContentLoadedEventEnd.toFixed(0)})`,
          ),
        ...performance
          .getEntriesByType('resource')
          .map(
            (e) =>
              `${e.startTime.toFixed(0).padStart(6)} – ${(e as PerformanceResourceTiming).responseEnd.toFixed(0).padStart(5)}  ${new URL(e.name).pathname}${new URL(e.name).search.slice(0, 40)}`,
          ),
        ...performance.getEntriesByType('paint').map((e) => `${e.startTime.toFixed(0).padStart(6)}          ${e.name}`),
      ]);
      // One line per run: when the HTML, the app's code, the admin chunk, is_admin() and the panels' RPCs were done.
      const marks = (await page.evaluate(MARKS)) as Record<'html' | 'framework' | 'admin' | 'isAdmin' | 'rpcStart' | 'rpcEnd', number>;
      console.log(
        `   html ${marks.html.toFixed(0)} · framework ${marks.framework.toFixed(0)} · admin chunk ${marks.admin.toFixed(0)} · is_admin ${marks.isAdmin.toFixed(0)} · panels' RPCs ${marks.rpcStart.toFixed(0)}–${marks.rpcEnd.toFixed(0)} ms`,
      );
    }
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const missing = postgresMissing();
  if (missing) {
    console.error(`bench:dashboard needs PostgreSQL 15: ${missing}`);
    return 1;
  }
  if (!buildUnlessSkipped()) return 1;
  const cluster = await startTemporaryPostgres();
  try {
    console.log('── starting tsx server/main.ts on a fresh PostgreSQL 15 cluster');
    await startServer({ DATABASE_URL: cluster.url });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      console.log(`── seeding ${PRODUCTS} products (${PRODUCTS * 4} variants) and ${ORDERS} orders in SQL`);
      const started = performance.now();
      await client.query(`begin; ${SEED_SQL} commit;`);
      await client.query('vacuum analyze');
      const [{ orders, items, waiting }] = (
        await client.query(
          `select (select count(*) from public.orders)::int as orders, (select count(*) from public.order_items)::int as items,
                  (select count(*) from public.back_in_stock_requests where status = 'waiting')::int as waiting`,
        )
      ).rows;
      console.log(`   ${orders} orders, ${items} order lines, ${waiting} waiting requests; seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const [{ id: adminId }] = (await client.query('select id from auth.users where lower(email) = lower($1)', [ADMIN.email])).rows;

      const missed: string[] = [];
      const verdict = (ok: boolean, line: string) => {
        console.log(`${ok ? 'PASS' : 'MISS'}  ${line}`);
        if (!ok) missed.push(line);
      };

      console.log(`\n── panel SQL time (EXPLAIN ANALYZE as the seed admin), median of ${RUNS} after a warm-up`);
      const rows: string[][] = [];
      const medians: [string, number | null][] = [];
      for (const panel of PANELS) {
        await panelTime(client, adminId, panel.sql);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push(await panelTime(client, adminId, panel.sql));
        const m = median(times);
        medians.push([panel.name, m]);
        rows.push([panel.name, show(m, 1, ' ms'), show(Math.min(...times), 1, ' ms'), show(Math.max(...times), 1, ' ms')]);
      }
      console.log(table(['panel', 'median', 'min', 'max'], rows));

      console.log(`\n── first paint of /admin in Chromium (all four panels rendered), ${RUNS} runs, fresh context each`);
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
      let paint: number | null = null;
      try {
        const state = await signedInAdminState(browser);
        await firstPaint(browser, state); // warm-up: server caches and plans as a working day finds them
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          times.push(await firstPaint(browser, state));
          console.log(`   run ${i + 1}: ${times[i].toFixed(0)} ms`);
        }
        paint = median(times);
        if (TIMELINE) console.log(`   the last run's timeline (start – end, ms):\n   ${lastTimeline.join('\n   ')}`);
        console.log(table(['first paint', 'median', 'min', 'max'], [['/admin', show(paint, 0, ' ms'), show(Math.min(...times), 0, ' ms'), show(Math.max(...times), 0, ' ms')]]));
      } finally {
        await browser.close();
      }

      console.log('\n── budgets');
      for (const [name, m] of medians) verdict(m !== null && m <= BUDGET.panelMs, `${name}: ${show(m, 1, ' ms')} (≤ ${BUDGET.panelMs} ms)`);
      verdict(paint !== null && paint <= BUDGET.firstPaintMs, `first paint /admin: ${show(paint, 0, ' ms')} (≤ ${BUDGET.firstPaintMs} ms)`);
      return missed.length ? 1 : 0;
    } finally {
      await client.end();
    }
  } finally {
    // The server first (runBench stops it too, harmlessly), then the cluster it used.
    const { stopServer } = await import('./server.ts');
    await stopServer();
    cluster.stop();
  }
}

runBench(main);
