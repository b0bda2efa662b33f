import { parseArgs } from 'node:util';
import { seedCatalogue } from '../server/seed/seedCatalogue.ts';

/**
 * Seeds the demo catalogue, users, reviews and orders into any Supabase project through its HTTP
 * API (the schema must already be pushed: `supabase db push`).
 *
 *   npx tsx scripts/seed.ts --url https://xyz.supabase.co --service-role-key <key> [--public-url <url>] [--force]
 *
 * SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_ANON_KEY are read when the flags are absent.
 */
const usage = `usage: npx tsx scripts/seed.ts --url <project url> --service-role-key <key> [--anon-key <key>] [--public-url <url>] [--force]

  --url               the project's API URL (env SUPABASE_URL)
  --service-role-key  the service_role key (env SUPABASE_SERVICE_ROLE_KEY)
  --anon-key          optional; when given, checks what a signed-out visitor sees (env SUPABASE_ANON_KEY)
  --public-url        the URL browsers use for images, when it differs from --url
  --force             seed although products exist: the seed's own products (by slug) and orders
                      (by the seed's customer emails) are deleted and written again; other rows stay`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'service-role-key': { type: 'string' },
    'anon-key': { type: 'string' },
    'public-url': { type: 'string' },
    force: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const url = (values.url ?? process.env.SUPABASE_URL ?? '').replace(/\/+$/, '');
const serviceRoleKey = values['service-role-key'] ?? process.env.SUPABASE_SERVICE_ROLE_KEY ?? '';
const anonKey = values['anon-key'] ?? process.env.SUPABASE_ANON_KEY;
if (!url || !serviceRoleKey) {
  console.error(`${usage}\n\nerror: --url and --service-role-key (or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY) are required`);
  process.exit(2);
}

const probe = await fetch(`${url}/rest/v1/products?select=id&limit=1`, {
  headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
});
if (!probe.ok) {
  console.error(`error: cannot read products at ${url} (${probe.status}): ${await probe.text()}`);
  process.exit(1);
}
const existing = (await probe.json()) as unknown[];
if (existing.length > 0 && !values.force) {
  console.error(`error: ${url} already has products; not seeding. Use --force to replace the seed's own rows.`);
  process.exit(1);
}

try {
  const summary = await seedCatalogue({
    url,
    serviceRoleKey,
    anonKey,
    publicUrl: values['public-url'],
    replace: existing.length > 0,
    log: (message) => console.log(`  ${message}`),
  });
  console.log(
    `seeded ${url} in ${(summary.ms / 1000).toFixed(1)} s: ${summary.products} products, ${summary.variants} variants, ` +
      `${summary.images} images, ${summary.reviews} reviews, ${summary.orders} orders` +
      (summary.visibleToAnon === undefined ? '' : `; anon sees ${summary.visibleToAnon} published products`),
  );
} catch (e) {
  console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
