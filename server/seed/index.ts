import type { ServerContext } from '../context.ts';
import { SEED_ORDERS } from './orders.ts';
import { seedCatalogue } from './seedCatalogue.ts';

/**
 * Seeds a fresh database (no products yet) through this server's own HTTP API, exactly as
 * `scripts/seed.ts` seeds a hosted project. Returns true when it seeded.
 */
export async function seed(context: ServerContext): Promise<boolean> {
  const { rows } = await context.db.query<{ empty: boolean }>('select not exists (select 1 from public.products) as empty');
  if (!rows[0]?.empty) return false;
  try {
    await seedCatalogue({
      url: context.internalUrl(),
      serviceRoleKey: context.config.serviceRoleKey,
      anonKey: context.config.anonKey,
      publicUrl: context.config.apiUrl,
    });
  } catch (e) {
    // A half-seeded catalogue would count as "not empty" on the next start and never be completed.
    await context.db.query('delete from public.orders where customer_email = any($1::text[])', [[...new Set(SEED_ORDERS.map((o) => o.customerEmail))]]);
    await context.db.query('delete from public.products');
    throw e;
  }
  // PGlite runs no autovacuum: fresh statistics and a merged visibility map keep counts fast.
  await context.db.exec('vacuum analyze');
  return true;
}
