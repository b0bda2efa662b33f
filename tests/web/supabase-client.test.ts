/**
 * src/api/client.ts loads supabase-js's auth client only when something needs it (ADR 0017):
 * anonymous reads carry the anon key without it; a stored session, a session arriving in the URL
 * or a sign-in loads it, and requests then carry the session's token; a failed load fails the
 * requests that need it (kind 'network') and is tried again by the next one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authModule from '../../src/api/authClient';
import { createSupabaseClient } from '../../src/api/client';

const URL_ = 'http://api.test';
const ANON = 'anon-key';
const STORAGE_KEY = 'sb-api-auth-token';

type Sent = { url: string; authorization: string | null; apikey: string | null };

/** A backend that answers every REST read with [] and records what each request carried. */
function backend() {
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, authorization: request.headers.get('authorization'), apikey: request.headers.get('apikey') });
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetchImpl };
}

/** The auth module as the app loads it, with the loads counted; `failures` loads fail first (a chunk that did not arrive). */
function loader(failures = 0) {
  const load = vi.fn(async () => {
    if (load.mock.calls.length <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return authModule;
  });
  return load;
}

/** A session as supabase-js stores it, valid for an hour. */
function storedSession(token = 'user-token') {
  return JSON.stringify({
    access_token: token,
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: { id: 'u1', aud: 'authenticated', email: 'alex@example.test', app_metadata: {}, user_metadata: {}, created_at: '2025-01-01T00:00:00Z' },
  });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the auth client is loaded on first need', () => {
  it('an anonymous visitor reads the catalogue with the anon key, and the auth client is never loaded', async () => {
    const { sent, fetchImpl } = backend();
    const load = loader();
    const client = createSupabaseClient(URL_, ANON, fetchImpl, load);
    expect(client.mayHaveSession()).toBe(false);
    const { error } = await client.from('products').select('id').eq('status', 'published');
    expect(error).toBeNull();
    await client.rpc('is_admin');
    expect(sent.map((s) => [s.authorization, s.apikey])).toEqual([
      [`Bearer ${ANON}`, ANON],
      [`Bearer ${ANON}`, ANON],
    ]);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a session stored under supabase-js key, requests wait for the auth client and carry the session token', async () => {
    localStorage.setItem(STORAGE_KEY, storedSession('stored-token'));
    const { sent, fetchImpl } = backend();
    const load = loader();
    const client = createSupabaseClient(URL_, ANON, fetchImpl, load);
    expect(client.storageKey).toBe(STORAGE_KEY);
    expect(client.mayHaveSession()).toBe(true);
    await client.from('orders').select('id');
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent.filter((s) => s.url.includes('/rest/v1/')).map((s) => s.authorization)).toEqual(['Bearer stored-token']);
    // One auth client for the page, whatever asks for it.
    expect(await client.auth()).toBe(await client.auth());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the hash (an email confirmation link)', '/#access_token=abc&refresh_token=def&type=signup'],
    ['the query', '/?error_description=Email+link+is+invalid'],
    ["the query (a PKCE link's auth code)", '/?code=0b6f2a8e-5d7c-4f1e-9a3b-2c4d6e8f0a1b'],
  ])('a session answer in %s loads the auth client, which takes it over', (_where, path) => {
    window.history.replaceState(null, '', path);
    const client = createSupabaseClient(URL_, ANON, backend().fetchImpl, loader());
    expect(client.mayHaveSession()).toBe(true);
  });

  it('other query parameters and an unrelated stored key do not count as a session', () => {
    window.history.replaceState(null, '', '/shop?lang=de#reviews');
    localStorage.setItem('sb-other-auth-token', storedSession());
    expect(createSupabaseClient(URL_, ANON, backend().fetchImpl, loader()).mayHaveSession()).toBe(false);
  });

  it('a sign-in loads it; from then on every request carries the new session token, and listeners hear of it', async () => {
    const { sent, fetchImpl } = backend();
    const load = loader();
    const client = createSupabaseClient(URL_, ANON, fetchImpl, load);
    const loaded = vi.fn();
    client.onAuthLoaded(loaded);
    await client.from('products').select('id');
    expect(load).not.toHaveBeenCalled();

    const auth = await client.auth();
    expect(loaded).toHaveBeenCalledWith(auth);
    expect(client.mayHaveSession()).toBe(true);
    // What signInWithPassword leaves behind.
    localStorage.setItem(STORAGE_KEY, storedSession('fresh-token'));
    await client.from('products').select('id');
    expect(sent.filter((s) => s.url.includes('/rest/v1/')).map((s) => s.authorization)).toEqual([`Bearer ${ANON}`, 'Bearer fresh-token']);

    // A listener that arrives later is called at once.
    const late = vi.fn();
    client.onAuthLoaded(late);
    expect(late).toHaveBeenCalledWith(auth);
  });

  it('a failed load fails the requests that need the session like a request that could not be sent, and the next request loads it again', async () => {
    localStorage.setItem(STORAGE_KEY, storedSession('stored-token'));
    const { sent, fetchImpl } = backend();
    const load = loader(1);
    const client = createSupabaseClient(URL_, ANON, fetchImpl, load);
    const loaded = vi.fn();
    client.onAuthLoaded(loaded);

    // (postgrest-js would retry a failed GET itself after a second; this shows one attempt.)
    const failed = await client.from('orders').select('id').retry(false);
    expect(failed).toMatchObject({ data: null, status: 0 });
    expect(failed.error?.message).toContain('Failed to fetch dynamically imported module');
    // Nothing was sent without the session's token: no silent anonymous answer.
    expect(sent).toEqual([]);
    await expect(client.accessToken()).resolves.toBe('stored-token');
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledTimes(1);

    const retried = await client.from('orders').select('id');
    expect(retried.error).toBeNull();
    expect(sent.map((s) => s.authorization)).toEqual(['Bearer stored-token']);
  });

  it('anonymous reads do not depend on the auth client at all: a load that would fail is never tried', async () => {
    const { sent, fetchImpl } = backend();
    const load = loader(Number.POSITIVE_INFINITY);
    const client = createSupabaseClient(URL_, ANON, fetchImpl, load);
    expect((await client.from('products').select('id')).error).toBeNull();
    expect(sent).toHaveLength(1);
    expect(load).not.toHaveBeenCalled();
  });
});
