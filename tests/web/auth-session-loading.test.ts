/**
 * The app's auth actor (src/app/actors/auth.ts) over src/api/auth.ts with supabase-js's real
 * auth client behind a fake backend: the client's code is loaded only when there is a session to
 * restore, a sign-in, or a session another tab stored (ADR 0017), and the machine's states are the
 * ones it always had.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, waitFor } from 'xstate';
import type { authMachine } from '../../machines/authMachine';

const loads = vi.hoisted(() => ({ count: 0, fail: false }));

vi.mock('../../src/api/authClient', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/authClient')>();
  return {
    ...real,
    createAuthClient: (...args: Parameters<typeof real.createAuthClient>) => {
      loads.count++;
      // What the app sees when the chunk does not arrive.
      if (loads.fail) throw new TypeError('Failed to fetch dynamically imported module');
      return real.createAuthClient(...args);
    },
  };
});

const STORAGE_KEY = 'sb-localhost-auth-token';
const USER = { id: 'u1', aud: 'authenticated', email: 'alex@example.test', app_metadata: {}, user_metadata: { full_name: 'Alex' }, created_at: '2025-01-01T00:00:00Z' };

function session(token: string) {
  return { access_token: token, refresh_token: `${token}-refresh`, token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user: USER };
}

type Sent = { method: string; path: string; authorization: string | null };
let sent: Sent[];

/** The backend: password sign-in, sign-out, is_admin() and empty REST reads. */
const backend: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  sent.push({ method: request.method, path: url.pathname, authorization: request.headers.get('authorization') });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/auth/v1/token') return json(session('signed-in-token'));
  if (url.pathname === '/auth/v1/logout') return new Response(null, { status: 204 });
  if (url.pathname === '/rest/v1/rpc/is_admin') return json(false);
  return json([]);
};

let actor: Actor<typeof authMachine> | undefined;

/** A fresh app (modules, so a fresh client) with its auth actor started, as main.tsx does. */
async function startApp() {
  vi.resetModules();
  const services = await import('../../src/app/actors/auth');
  const api = await import('../../src/api/auth');
  const client = await import('../../src/api/client');
  actor = services.createAuthActor().start();
  return { actor, api, client };
}

beforeEach(() => {
  loads.count = 0;
  loads.fail = false;
  sent = [];
  vi.stubGlobal('fetch', backend);
});

afterEach(() => {
  actor?.stop();
  actor = undefined;
  vi.unstubAllGlobals();
});

describe('the auth actor with the auth client loaded on first need', () => {
  it('an anonymous visitor is signed out without the auth client being loaded or the auth API asked', async () => {
    const { actor } = await startApp();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ session: null, error: null });
    expect(loads.count).toBe(0);
    expect(sent).toEqual([]);
  });

  it('a stored session loads the auth client at once and signs in, and is_admin() carries its token', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session('stored-token')));
    const { actor } = await startApp();
    await waitFor(actor, (s) => s.matches('signedIn') && s.context.adminChecked);
    expect(actor.getSnapshot().context.session?.user).toEqual({ id: 'u1', email: 'alex@example.test', fullName: 'Alex' });
    expect(loads.count).toBe(1);
    expect(sent).toContainEqual({ method: 'POST', path: '/rest/v1/rpc/is_admin', authorization: 'Bearer stored-token' });
  });

  it('signing in loads it; the machine hears of the session; signing out ends it', async () => {
    const { actor, api } = await startApp();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(loads.count).toBe(0);

    const signedIn = await api.signIn(' alex@example.test ', 'Customer-Pass-2025');
    expect(signedIn.accessToken).toBe('signed-in-token');
    expect(loads.count).toBe(1);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.session?.accessToken).toBe('signed-in-token');

    actor.send({ type: 'auth.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(sent.map((s) => s.path)).toContain('/auth/v1/logout');
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    expect(loads.count).toBe(1);
  });

  it('a sign-in in another tab (a session stored under the key) loads the auth client here and signs in', async () => {
    const { actor } = await startApp();
    await waitFor(actor, (s) => s.matches('signedOut'));
    // Another key changing is not a reason to load anything.
    window.dispatchEvent(new StorageEvent('storage', { key: 'npng.cart.v1', newValue: '{}' }));
    expect(loads.count).toBe(0);

    const stored = JSON.stringify(session('other-tab-token'));
    localStorage.setItem(STORAGE_KEY, stored);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: stored }));
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.session?.accessToken).toBe('other-tab-token');
    expect(loads.count).toBe(1);
  });

  it('when the auth client cannot be loaded, a stored session shows as signed out with the reason; the next need loads it and the session comes back', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session('stored-token')));
    loads.fail = true;
    const { actor, client } = await startApp();
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch dynamically imported module');
    // The session is kept for the next attempt.
    expect(localStorage.getItem(STORAGE_KEY)).not.toBeNull();

    loads.fail = false;
    const read = await client.supabase().from('orders').select('id');
    expect(read.error).toBeNull();
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context.session?.accessToken).toBe('stored-token');
    expect(sent.find((s) => s.path === '/rest/v1/orders')?.authorization).toBe('Bearer stored-token');
  });
});
