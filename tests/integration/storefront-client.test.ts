/**
 * The storefront's client (src/api/client.ts: supabase-js's AuthClient and PostgrestClient wired
 * like `createClient`, the auth client loaded on first use) against the local backend, side by side
 * with `createClient` itself: the same calls must send the same requests and get the same answers.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSupabaseClient } from '../../src/api/client.ts';
import { ADMIN, ALEX, anonKey, apiUrl } from './support.ts';

type Sent = { method: string; url: string; apikey: string | null; authorization: string | null; prefer: string | null; contentType: string | null };

/** A fetch that records what each request sends (the wire facts the backend sees). */
function recorder() {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      apikey: request.headers.get('apikey'),
      authorization: request.headers.get('authorization'),
      prefer: request.headers.get('prefer'),
      contentType: request.headers.get('content-type'),
    });
    return fetch(request);
  };
  return { sent, fetchImpl };
}

function both() {
  const ours = recorder();
  const reference = recorder();
  return {
    ours: { client: createSupabaseClient(apiUrl(), anonKey(), ours.fetchImpl), sent: ours.sent },
    reference: {
      client: createClient(apiUrl(), anonKey(), {
        auth: { autoRefreshToken: false, persistSession: true, detectSessionInUrl: true },
        global: { fetch: reference.fetchImpl },
        realtime: { transport: WebSocket as never },
      }),
      sent: reference.sent,
    },
  };
}

describe('storefront client (src/api/client.ts)', () => {
  it('reads published products as anon exactly like createClient', async () => {
    const { ours, reference } = both();
    const query = <C extends { from: typeof ours.client.from }>(c: C) => c.from('products').select('slug,title,variants(sku)').eq('status', 'published').order('slug').limit(3);
    const [a, b] = await Promise.all([query(ours.client), query(reference.client as never)]);
    expect(a.error).toBeNull();
    expect(a.data?.length).toBe(3);
    expect(a.data).toEqual(b.data);
    expect(ours.sent).toEqual(reference.sent);
    expect(ours.sent[0]).toMatchObject({ method: 'GET', apikey: anonKey(), authorization: `Bearer ${anonKey()}` });
    // Without a session anywhere, the auth client was not even loaded (ADR 0017).
    expect(ours.client.mayHaveSession()).toBe(false);
  });

  it('signs in, sends the session token to REST and RPC, and signs out, like createClient', async () => {
    const { ours, reference } = both();
    const sides = [
      { ...ours, auth: await ours.client.auth() },
      { ...reference, auth: reference.client.auth },
    ];
    for (const side of sides) {
      const c = side.client as Pick<ReturnType<typeof createSupabaseClient>, 'from' | 'rpc'>;
      const signedIn = await side.auth.signInWithPassword({ email: ALEX.email, password: ALEX.password });
      expect(signedIn.error).toBeNull();
      const token = signedIn.data.session?.access_token;
      expect(token).toBeTruthy();

      const admin = await c.rpc('is_admin');
      expect(admin).toMatchObject({ error: null, data: false });
      const profile = await c
        .from('profiles')
        .select('id')
        .eq('id', signedIn.data.user?.id ?? '')
        .maybeSingle();
      expect(profile.error).toBeNull();
      expect(profile.data?.id).toBe(signedIn.data.user?.id);
      // Every database request after sign-in carried the user's token, not the anon key.
      const restCalls = side.sent.filter((s) => s.url.includes('/rest/v1/'));
      expect(restCalls).toHaveLength(2);
      for (const call of restCalls) expect(call).toMatchObject({ apikey: anonKey(), authorization: `Bearer ${token}` });

      expect((await side.auth.signOut()).error).toBeNull();
      expect((await side.auth.getSession()).data.session).toBeNull();
      const after = await c.rpc('is_admin');
      expect(after.data).toBe(false);
      expect(side.sent.at(-1)?.authorization).toBe(`Bearer ${anonKey()}`);
    }
    // Same requests in the same order; only the tokens (a fresh session each) differ.
    const shape = (list: Sent[]) =>
      list.map((s) => ({ ...s, authorization: s.authorization?.replace(/Bearer (?!ey[^.]*\.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIi).*/, 'Bearer <session>') }));
    expect(shape(ours.sent)).toEqual(shape(reference.sent));
  });

  it("tells the admin apart by the database's is_admin()", async () => {
    const { ours } = both();
    await (await ours.client.auth()).signInWithPassword({ email: ADMIN.email, password: ADMIN.password });
    expect((await ours.client.rpc('is_admin')).data).toBe(true);
  });
});
