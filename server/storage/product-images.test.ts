import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { PNG } from 'pngjs';
import { startBackend, type Backend } from '../start.ts';

/** The product-images bucket and policies from supabase/migrations, through real sign-ins: admins write, everyone reads. */
let backend: Backend;
const admin = { email: 'admin@nopain-nogain.test', password: 'Admin-Pass-2025!' };
const customer = { email: 'shopper@example.com', password: 'Shopper-Pass-2025!' };

const png = () => {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(90);
  return PNG.sync.write(image);
};

async function signedIn(user: { email: string; password: string }): Promise<SupabaseClient> {
  const supabase = createClient(backend.api.url, backend.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await supabase.auth.signInWithPassword(user);
  expect(error).toBeNull();
  return supabase;
}

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
  for (const user of [admin, customer]) {
    const res = await fetch(`${backend.api.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: backend.config.serviceRoleKey, authorization: `Bearer ${backend.config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, email_confirm: true }),
    });
    expect(res.status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('product-images', () => {
  it('lets the admin upload a browser File and anyone fetch its public URL', async () => {
    const supabase = await signedIn(admin);
    const path = `${crypto.randomUUID()}/1700000000000-0.png`;
    const file = new File([new Uint8Array(png())], 'tee.png', { type: 'image/png' });
    const { error } = await supabase.storage.from('product-images').upload(path, file, { cacheControl: '3600', upsert: false });
    expect(error).toBeNull();
    const publicUrl = supabase.storage.from('product-images').getPublicUrl(path).data.publicUrl;
    expect(publicUrl).toBe(`${backend.api.url}/storage/v1/object/public/product-images/${path}`);
    const res = await fetch(publicUrl);
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([200, 'image/png', 'max-age=3600']);
  });

  it('refuses a signed-in customer (403) and a visitor', async () => {
    const supabase = await signedIn(customer);
    const { error } = await supabase.storage.from('product-images').upload('x/1.png', png(), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
    const visitor = createClient(backend.api.url, backend.config.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    expect((await visitor.storage.from('product-images').upload('x/2.png', png(), { contentType: 'image/png' })).error).toMatchObject({ status: 403 });
  });

  it('refuses an SVG even from the admin', async () => {
    const supabase = await signedIn(admin);
    const svg = await supabase.storage.from('product-images').upload('x/a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { contentType: 'image/svg+xml' });
    expect(svg.error).toMatchObject({ status: 415, message: 'mime type image/svg+xml is not supported' });
  });
});
