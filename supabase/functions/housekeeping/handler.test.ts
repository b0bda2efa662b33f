import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import { insertTestCatalogue, type TestVariants } from '../../../server/functions/fixtures/catalogue.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { createHandler as createCheckoutHandler } from '../create-checkout-session/handler.ts';
import { createHandler } from './handler.ts';

let backend: Backend;
let supabase: FakeSupabase;
let variants: TestVariants;
let env: FunctionEnv;

const inventory = async (id: string) => (await backend.db.query<{ inventory: number }>('select inventory from public.variants where id = $1', [id])).rows[0].inventory;
const post = (authorization?: string) =>
  createHandler(env)(new Request('http://functions.local/housekeeping', { method: 'POST', headers: authorization ? { authorization } : {} }));

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0 }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
  env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: 'http://localhost:5173',
    API_EXTERNAL_URL: 'http://localhost:54321',
    CHECKOUT_RATE_LIMIT: 1000,
  };
}, 60_000);

afterAll(async () => {
  await supabase?.close();
  await backend?.stop();
});

describe('housekeeping', () => {
  it('ends sessions past their expiry and gives their stock back; only for the service role', async () => {
    const before = await inventory(variants.tee);
    const res = await createCheckoutHandler(env)(
      new Request('http://functions.local/create-checkout-session', {
        method: 'POST',
        body: JSON.stringify({ items: [{ variantId: variants.tee, qty: 2 }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart' }),
      }),
    );
    const { sessionId } = await res.json();
    expect(await inventory(variants.tee)).toBe(before - 2);

    expect((await post(`Bearer ${backend.config.anonKey}`)).status).toBe(403);
    expect((await post()).status).toBe(403);
    // Not yet expired: nothing happens.
    expect(await (await post(`Bearer ${backend.config.serviceRoleKey}`)).json()).toMatchObject({ expired: 0 });
    expect(await inventory(variants.tee)).toBe(before - 2);

    await backend.db.query(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
    expect(await (await post(`Bearer ${backend.config.serviceRoleKey}`)).json()).toMatchObject({ expired: 1 });
    expect(await inventory(variants.tee)).toBe(before);
    const { rows } = await backend.db.query<{ status: string; stock: string }>('select status, stock from public.checkout_sessions where id = $1', [sessionId]);
    expect(rows[0]).toEqual({ status: 'expired', stock: 'released' });
  });

  it('the local server does the same by itself (server/checkout/housekeeping.ts)', async () => {
    const before = await inventory(variants.hoodie);
    const res = await createCheckoutHandler(env)(
      new Request('http://functions.local/create-checkout-session', {
        method: 'POST',
        body: JSON.stringify({ items: [{ variantId: variants.hoodie, qty: 1 }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart' }),
      }),
    );
    const { sessionId } = await res.json();
    await backend.db.query(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
    expect(await backend.api.housekeeping.run()).toMatchObject({ expired: 1 });
    expect(await inventory(variants.hoodie)).toBe(before);
    expect(await backend.api.housekeeping.run()).toMatchObject({ expired: 0 });
  });
});
