/**
 * What the in-process API benches (api.ts, admin-list.ts) share: the 10,000-product catalogue they
 * seed straight into the database, and a tap on the REST layer's transactions that records the SQL
 * statements one request runs.
 */
import type { Database, Queryable, TransactionOptions } from '../../server/db/types.ts';

export type CapturedStatement = { sql: string; params?: unknown[] };

/**
 * n products over the four categories, four sized variants each, one image each; 5% drafts, 2%
 * featured, created a minute apart. With `scatterUpdatedAt` their updated_at is spread over the
 * same span in another order (so sorting by it is not sorting by creation); otherwise it is now().
 */
export async function seedBenchProducts(database: Database, n: number, { scatterUpdatedAt = false } = {}): Promise<void> {
  const updatedAt = scatterUpdatedAt ? `now() - ((g * 7) % ${n} || ' minutes')::interval` : 'now()';
  await database.exec(`
    insert into public.products (slug, title, subtitle, description, category, tags, status, featured, created_at, updated_at)
    select 'bench-product-' || g,
           (array['Titan','Grind','Beast','Iron','Forge'])[1 + g % 5] || ' ' || (array['Oversized Tee','Hoodie','Shorts','Bottle','Belt','Joggers'])[1 + g % 6] || ' ' || g,
           'Built for the grind ' || g,
           'Heavyweight cotton, made for heavy days. Product number ' || g || '.',
           (array['clothing','accessories','equipment','supplements'])[1 + g % 4],
           array[(array['gym','new','bestseller','limited'])[1 + (g / 4) % 4], (array['men','women','unisex'])[1 + g % 3]],
           case when g % 20 = 0 then 'draft' else 'published' end,
           g % 50 = 0,
           now() - (g || ' minutes')::interval,
           ${updatedAt}
    from generate_series(1, ${n}) g;
    insert into public.variants (product_id, sku, size, color, price, inventory)
    select p.id, 'BENCH-' || substr(p.slug, 15) || '-' || s, s,
           (array['Black','White','Olive','Blood Red'])[1 + abs(hashtext(p.slug)) % 4],
           1000 + 5 * (abs(hashtext(p.slug || s)) % 3000),
           abs(hashtext(s || p.slug)) % 30
    from public.products p cross join unnest(array['S','M','L','XL']) s
    where p.slug like 'bench-product-%';
    insert into public.media (product_id, url, alt, width, height, is_primary, sort_order)
    select id, 'http://localhost:54321/storage/v1/object/public/product-images/' || id || '/1.png', title || ' image 1', 800, 1000, true, 0
    from public.products where slug like 'bench-product-%';
    analyze;
  `);
}

/**
 * Taps db.transaction: between start() and stop() every statement run inside a transaction is
 * recorded (stop() hands them over); restore() puts the real transaction back.
 */
export function captureStatements(db: Database) {
  let capture: CapturedStatement[] | undefined;
  const realTransaction = db.transaction.bind(db);
  db.transaction = (<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) =>
    realTransaction(
      (tx) =>
        fn(
          capture
            ? {
                ...tx,
                query: (sql: string, params?: unknown[]) => {
                  capture?.push({ sql, params });
                  return tx.query(sql, params);
                },
              }
            : tx,
        ),
      options,
    )) as Database['transaction'];
  return {
    start() {
      capture = [];
    },
    stop(): CapturedStatement[] {
      const statements = capture ?? [];
      capture = undefined;
      return statements;
    },
    restore() {
      db.transaction = realTransaction;
    },
  };
}
