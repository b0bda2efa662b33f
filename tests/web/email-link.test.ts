/**
 * src/api/emailLink.ts with supabase-js's real auth client (flowType 'pkce', detectSessionInUrl)
 * behind a fake auth server: what the storefront learns of an e-mailed link the page was opened with.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const STORAGE_KEY = 'sb-localhost-auth-token';
/** An auth code as GoTrue issues them (a UUID). */
const CODE = '0b6f2a8e-5d7c-4f1e-9a3b-2c4d6e8f0a1b';
const VERIFIER_KEY = `${STORAGE_KEY}-code-verifier`;
const USER = { id: 'u1', aud: 'authenticated', email: 'new@example.test', app_metadata: {}, user_metadata: {}, created_at: '2025-01-01T00:00:00Z' };
const SESSION = {
  access_token: 'linked-token',
  refresh_token: 'linked-refresh',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: USER,
};

type Exchange = { auth_code: string; code_verifier: string };
let exchanges: Exchange[];
/** How the fake server answers POST /token?grant_type=pkce. */
let answer: { status: number; body: unknown };

const backend: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  // The 2024-01-01 API, as the server answers supabase-js: errors are {code, message}.
  const headers = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers });
  if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'pkce') {
    exchanges.push((await request.json()) as Exchange);
    return json(answer.body, answer.status);
  }
  if (url.pathname === '/auth/v1/user') return json(USER);
  return json([]);
};

/** A fresh page (modules, so a fresh client) opened at `path`. */
async function openAt(path: string) {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const link = await import('../../src/api/emailLink');
  const client = await import('../../src/api/client');
  return { takeEmailLinkProblem: link.takeEmailLinkProblem, client: client.supabase() };
}

beforeEach(() => {
  exchanges = [];
  answer = { status: 200, body: SESSION };
  vi.stubGlobal('fetch', backend);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('an e-mailed link the page was opened with', () => {
  it.each([['/shop?code-of-conduct=1'], ['/shop?code=SUMMER25']])('no link (%s): no problem, the URL stays, and the auth client is not loaded for it', async (path) => {
    const { takeEmailLinkProblem, client } = await openAt(path);
    expect(await takeEmailLinkProblem()).toBeNull();
    expect(client.mayHaveSession()).toBe(false);
    expect(`${window.location.pathname}${window.location.search}`).toBe(path);
  });

  it('?code= in the browser that asked: exchanged with its verifier, signed in, the code leaves the address bar', async () => {
    localStorage.setItem(VERIFIER_KEY, JSON.stringify('v'.repeat(56)));
    const { takeEmailLinkProblem, client } = await openAt(`/?code=${CODE}`);
    expect(client.mayHaveSession()).toBe(true);
    expect(await takeEmailLinkProblem()).toBeNull();
    expect(exchanges).toEqual([{ auth_code: CODE, code_verifier: 'v'.repeat(56) }]);
    expect((await (await client.auth()).getSession()).data.session?.access_token).toBe('linked-token');
    expect(window.location.search).toBe('');
  });

  it('?code= in another browser (no verifier): otherBrowser, nothing sent, the code leaves the address bar; asked again, the same answer', async () => {
    const { takeEmailLinkProblem } = await openAt(`/?code=${CODE}&lang=de`);
    // Two askers at once (an effect run again when the language arrives) and one later.
    const [first, second] = await Promise.all([takeEmailLinkProblem(), takeEmailLinkProblem()]);
    expect([first, second]).toEqual(['otherBrowser', 'otherBrowser']);
    expect(exchanges).toEqual([]);
    expect(window.location.search).toBe('?lang=de');
    expect(await takeEmailLinkProblem()).toBe('otherBrowser');
  });

  it('a verifier this browser kept from another request (400 bad_code_verifier): otherBrowser', async () => {
    localStorage.setItem(VERIFIER_KEY, JSON.stringify('w'.repeat(56)));
    answer = { status: 400, body: { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' } };
    const { takeEmailLinkProblem } = await openAt(`/?code=${CODE}`);
    expect(await takeEmailLinkProblem()).toBe('otherBrowser');
    expect(exchanges).toHaveLength(1);
  });

  it.each([
    ['a spent code (404 flow_state_not_found)', 404, 'flow_state_not_found'],
    ['a code exchanged too late (422 flow_state_expired)', 422, 'flow_state_expired'],
  ])('%s: invalid', async (_name, status, code) => {
    localStorage.setItem(VERIFIER_KEY, JSON.stringify('v'.repeat(56)));
    answer = { status, body: { code, message: 'invalid flow state' } };
    const { takeEmailLinkProblem } = await openAt(`/?code=${CODE}`);
    expect(await takeEmailLinkProblem()).toBe('invalid');
    expect(window.location.search).toBe('');
  });

  it('a used or expired link (GoTrue redirects with the error in query and fragment): invalid, and the error leaves the URL', async () => {
    const error = 'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    const { takeEmailLinkProblem } = await openAt(`/?${error}#${error}`);
    expect(await takeEmailLinkProblem()).toBe('invalid');
    expect(exchanges).toEqual([]);
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');
  });
});
