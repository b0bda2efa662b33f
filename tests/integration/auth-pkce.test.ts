/**
 * PKCE for e-mailed links (GoTrue's flow_state, /token?grant_type=pkce) through supabase-js with
 * flowType 'pkce': sign-up, magic link, recovery and e-mail change; each of GoTrue's refusals.
 */
import { createHash } from 'node:crypto';
import { createClient, isAuthApiError, type AuthError, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { anonClient, anonKey, apiUrl, createConfirmedUser, mailFor, onBackend, rest, sql, TEST_PASSWORD, uniqueEmail, verifyLink, waitForMail } from './support.ts';

const SITE = 'http://localhost:5173';

/** A browser's worth of supabase-js: flowType 'pkce', its auth storage a Map the test can read. */
function pkceBrowser() {
  const store = new Map<string, string>();
  const client: SupabaseClient = createClient(apiUrl(), anonKey(), {
    realtime: { transport: WebSocket as never },
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
  const verifierKey = () => [...store.keys()].find((key) => key.endsWith('-auth-token-code-verifier'));
  return {
    client,
    /** The pending code verifier (as stored, JSON-encoded by supabase-js: `<verifier>` or `<verifier>/recovery`). */
    verifier: (): string | null => {
      const stored = store.get(verifierKey() ?? '');
      return stored === undefined ? null : JSON.parse(stored);
    },
    /** Puts a verifier (back) where exchangeCodeForSession reads it. */
    setVerifier: (value: string) => void store.set(verifierKey() ?? `sb-${new URL(apiUrl()).hostname.split('.')[0]}-auth-token-code-verifier`, JSON.stringify(value)),
  };
}

/** Follows the newest mailed verify link for the address, answering the redirect's Location. */
async function followLatestLink(email: string, count = 1): Promise<{ link: string; location: URL; status: number }> {
  const mails = await waitForMail(email, count);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  const link = verifyLink(mails[mails.length - 1]);
  const res = await fetch(onBackend(link), { redirect: 'manual' });
  return { link, status: res.status, location: new URL(res.headers.get('location') ?? '') };
}

/** The auth code a followed PKCE link hands back in the query (and nothing in the fragment). */
async function authCodeFromLink(email: string, count = 1): Promise<string> {
  const { link, status, location } = await followLatestLink(email, count);
  expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
  expect(status).toBe(303);
  expect(location.hash).toBe('');
  const code = location.searchParams.get('code');
  expect(code).toMatch(/^[0-9a-f-]{36}$/);
  return code as string;
}

/** supabase-js answers an exchange with the redirect type its verifier was stored with (not in its types). */
const redirectTypeOf = (data: object) => (data as { redirectType?: string | null }).redirectType;

const amrMethods = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).amr as { method: string }[]).map((entry) => entry.method);

function expectAuthError(error: AuthError | null, status: number, code: string) {
  expect(error, `expected ${status} ${code}`).not.toBeNull();
  expect(isAuthApiError(error)).toBe(true);
  expect(error?.status).toBe(status);
  expect(error?.code).toBe(code);
}

/** A signed-up, unconfirmed user whose PKCE confirmation link has been followed: the code and its browser. */
async function signedUpWithCode() {
  const browser = pkceBrowser();
  const email = uniqueEmail('pkce');
  const { error } = await browser.client.auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: `${SITE}/` } });
  expect(error).toBeNull();
  const code = await authCodeFromLink(email);
  return { browser, email, code };
}

describe('PKCE sign-up confirmation', () => {
  it('signUp stores a flow state; the link redirects with ?code=; the code and the verifier buy a session once', async () => {
    const browser = pkceBrowser();
    const email = uniqueEmail('pkce-signup');
    const { data, error } = await browser.client.auth.signUp({ email, password: TEST_PASSWORD, options: { emailRedirectTo: `${SITE}/welcome?from=mail` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const verifier = browser.verifier();
    expect(verifier).toMatch(/^[0-9a-f]{112}$/);

    const [flow] = await sql<{ code_challenge_method: string; code_challenge: string; authentication_method: string; auth_code_issued_at: string | null }>(
      `select code_challenge_method::text, code_challenge, authentication_method, auth_code_issued_at
         from auth.flow_state f join auth.users u on u.id = f.user_id where u.email = $1`,
      [email],
    );
    expect(flow).toEqual({
      code_challenge_method: 's256',
      code_challenge: createHash('sha256')
        .update(verifier as string)
        .digest('base64url'),
      authentication_method: 'email/signup',
      auth_code_issued_at: null,
    });

    const { location } = await followLatestLink(email);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/welcome`);
    expect(location.searchParams.get('from')).toBe('mail');
    const code = location.searchParams.get('code') as string;
    // Following the link confirmed the address; the session is the code's to give.
    const [user] = await sql<{ confirmed: boolean }>('select email_confirmed_at is not null as confirmed from auth.users where email = $1', [email]);
    expect(user.confirmed).toBe(true);

    const exchanged = await browser.client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(exchanged.data.session?.user.email_confirmed_at).toBeTruthy();
    expect(redirectTypeOf(exchanged.data)).toBeNull();
    expect(amrMethods(exchanged.data.session?.access_token as string)).toEqual(['otp']);
    expect((await browser.client.auth.getUser()).data.user?.email).toBe(email);
    expect(browser.verifier()).toBeNull();

    // A replayed code is gone, even with the right verifier.
    browser.setVerifier(verifier as string);
    const replay = await browser.client.auth.exchangeCodeForSession(code);
    expectAuthError(replay.error, 404, 'flow_state_not_found');
  });

  it('a second visit of the same link redirects with otp_expired in the query and the fragment', async () => {
    const { email } = await signedUpWithCode();
    const { location } = await followLatestLink(email);
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(new URLSearchParams(location.hash.slice(1)).get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('a pkce_ link whose flow state is gone confirms nothing and redirects with flow_state_not_found', async () => {
    const browser = pkceBrowser();
    const email = uniqueEmail('pkce-noflow');
    expect((await browser.client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    await sql('delete from auth.flow_state where user_id = (select id from auth.users where email = $1)', [email]);
    const { location } = await followLatestLink(email);
    expect(location.searchParams.get('error_code')).toBe('flow_state_not_found');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    const [user] = await sql<{ confirmed: boolean; token: string }>(
      'select email_confirmed_at is not null as confirmed, confirmation_token as token from auth.users where email = $1',
      [email],
    );
    expect(user.confirmed).toBe(false);
    expect(user.token).not.toBe('');
  });

  it('asking again replaces the flow state the earlier link would have redeemed; the new link works', async () => {
    const browser = pkceBrowser();
    const email = uniqueEmail('pkce-again');
    expect((await browser.client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await browser.client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    const [flows] = await sql<{ n: number }>('select count(*)::int as n from auth.flow_state f join auth.users u on u.id = f.user_id where u.email = $1', [email]);
    expect(flows.n).toBe(1);
    const { data, error } = await browser.client.auth.exchangeCodeForSession(await authCodeFromLink(email, 2));
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it("a new flow state clears anyone's dead ones: unissued past a link's 24 hours, issued past five minutes", async () => {
    const stale = [uniqueEmail('pkce-stale-link'), uniqueEmail('pkce-stale-code')];
    for (const email of stale) expect((await pkceBrowser().client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    await authCodeFromLink(stale[1]);
    await sql(
      `update auth.flow_state f set created_at = f.created_at - interval '25 hours',
              auth_code_issued_at = f.auth_code_issued_at - interval '301 seconds'
         from auth.users u where u.id = f.user_id and u.email = any($1)`,
      [stale],
    );
    expect((await pkceBrowser().client.auth.signUp({ email: uniqueEmail('pkce-sweeper'), password: TEST_PASSWORD })).error).toBeNull();
    const [left] = await sql<{ n: number }>('select count(*)::int as n from auth.flow_state f join auth.users u on u.id = f.user_id where u.email = any($1)', [stale]);
    expect(left.n).toBe(0);
  });

  it('without a challenge the implicit flow is unchanged: a plain token and the session in the fragment', async () => {
    const email = uniqueEmail('implicit');
    expect((await anonClient().auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    const { link, location } = await followLatestLink(email);
    expect(new URL(link).searchParams.get('token')).not.toMatch(/^pkce_/);
    expect(location.searchParams.get('code')).toBeNull();
    expect(new URLSearchParams(location.hash.slice(1)).get('access_token')).toBeTruthy();
  });
});

describe('PKCE magic link, recovery and e-mail change', () => {
  it('signInWithOtp for a confirmed user: a magiclink flow, the session has amr magiclink', async () => {
    const { email } = await createConfirmedUser();
    const browser = pkceBrowser();
    expect((await browser.client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const code = await authCodeFromLink(email);
    const { data, error } = await browser.client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect(amrMethods(data.session?.access_token as string)).toEqual(['magiclink']);
  });

  it('signInWithOtp for a new address: the confirmation link is a PKCE sign-up flow', async () => {
    const email = uniqueEmail('pkce-otp-new');
    const browser = pkceBrowser();
    expect((await browser.client.auth.signInWithOtp({ email })).error).toBeNull();
    const [flow] = await sql<{ authentication_method: string }>('select authentication_method from auth.flow_state where user_id = (select id from auth.users where email = $1)', [
      email,
    ]);
    expect(flow.authentication_method).toBe('email/signup');
    const { data, error } = await browser.client.auth.exchangeCodeForSession(await authCodeFromLink(email));
    expect(error).toBeNull();
    expect(data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('resetPasswordForEmail: the exchange is a PASSWORD_RECOVERY with redirectType recovery; the new password works', async () => {
    const { email } = await createConfirmedUser();
    const browser = pkceBrowser();
    expect((await browser.client.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/account` })).error).toBeNull();
    expect(browser.verifier()).toMatch(/\/recovery$/);
    const events: string[] = [];
    browser.client.auth.onAuthStateChange((event) => void events.push(event));

    const code = await authCodeFromLink(email);
    const { data, error } = await browser.client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(redirectTypeOf(data)).toBe('recovery');
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(amrMethods(data.session?.access_token as string)).toEqual(['recovery']);

    const fresh = `${TEST_PASSWORD}-new`;
    expect((await browser.client.auth.updateUser({ password: fresh })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: fresh })).error).toBeNull();
  });

  it('updateUser({email}) with PKCE: the link to the new address changes it and its code signs in as the new address', async () => {
    const { email, password } = await createConfirmedUser();
    const browser = pkceBrowser();
    expect((await browser.client.auth.signInWithPassword({ email, password })).error).toBeNull();
    const newEmail = uniqueEmail('pkce-new-address');
    const updated = await browser.client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE}/account` });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.new_email).toBe(newEmail);

    const code = await authCodeFromLink(newEmail);
    const { data, error } = await browser.client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(newEmail);
    expect(amrMethods(data.session?.access_token as string)).toEqual(['email_change']);
  });
});

describe('PKCE refusals', () => {
  it('a wrong verifier is 400 bad_code_verifier and does not spend the code; the right one then works', async () => {
    const { browser, code } = await signedUpWithCode();
    const verifier = browser.verifier() as string;
    browser.setVerifier('a'.repeat(112));
    expectAuthError((await browser.client.auth.exchangeCodeForSession(code)).error, 400, 'bad_code_verifier');
    browser.setVerifier(verifier);
    expect((await browser.client.auth.exchangeCodeForSession(code)).error).toBeNull();
  });

  it('a malformed verifier (too short, characters outside RFC 7636, too long) is 400 bad_code_verifier', async () => {
    const { browser, code } = await signedUpWithCode();
    for (const malformed of ['short', 'ü'.repeat(60), `${'+/='.repeat(20)}`, 'x'.repeat(4000)]) {
      browser.setVerifier(malformed);
      expectAuthError((await browser.client.auth.exchangeCodeForSession(code)).error, 400, 'bad_code_verifier');
    }
  });

  it('an unknown auth code is 404 flow_state_not_found; an empty one is 400 validation_failed', async () => {
    const browser = pkceBrowser();
    browser.setVerifier('b'.repeat(56));
    expectAuthError((await browser.client.auth.exchangeCodeForSession('00000000-0000-4000-8000-000000000000')).error, 404, 'flow_state_not_found');
    browser.setVerifier('b'.repeat(56));
    expectAuthError((await browser.client.auth.exchangeCodeForSession('')).error, 400, 'validation_failed');
  });

  it('a code not exchanged within five minutes of following the link is 422 flow_state_expired', async () => {
    const { browser, email, code } = await signedUpWithCode();
    await sql(
      `update auth.flow_state set auth_code_issued_at = auth_code_issued_at - interval '301 seconds'
        where user_id = (select id from auth.users where email = $1)`,
      [email],
    );
    expectAuthError((await browser.client.auth.exchangeCodeForSession(code)).error, 422, 'flow_state_expired');
  });

  it('a link followed long after it was mailed still gives a code with its own five minutes', async () => {
    const browser = pkceBrowser();
    const email = uniqueEmail('pkce-late');
    expect((await browser.client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    await sql(`update auth.flow_state set created_at = created_at - interval '2 hours' where user_id = (select id from auth.users where email = $1)`, [email]);
    expect((await browser.client.auth.exchangeCodeForSession(await authCodeFromLink(email))).error).toBeNull();
  });
});

describe('PKCE parameters supabase-js never sends wrong (raw requests)', () => {
  const signupWith = (challenge: Record<string, unknown>) =>
    rest('/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('pkce-raw'), password: TEST_PASSWORD, ...challenge }),
    });
  const VALID = 'c'.repeat(43);

  it.each([
    ['a challenge without a method', { code_challenge: VALID }, 'PKCE flow requires code_challenge_method and code_challenge'],
    ['a method without a challenge', { code_challenge_method: 's256' }, 'PKCE flow requires code_challenge_method and code_challenge'],
    ['a 42-character challenge', { code_challenge: 'c'.repeat(42), code_challenge_method: 's256' }, 'code challenge has to be between 43 and 128 characters'],
    ['a 129-character challenge', { code_challenge: 'c'.repeat(129), code_challenge_method: 's256' }, 'code challenge has to be between 43 and 128 characters'],
    [
      'padded base64 in the challenge',
      { code_challenge: `${'c'.repeat(42)}=`, code_challenge_method: 's256' },
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    ],
    ['an unknown method', { code_challenge: VALID, code_challenge_method: 'S512' }, 'unsupported code_challenge method "S512"'],
  ])('%s: 400 validation_failed, no user', async (_name, challenge, message) => {
    const before = (await sql<{ n: number }>('select count(*)::int as n from auth.users'))[0].n;
    const res = await signupWith(challenge);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'validation_failed', message });
    expect((await sql<{ n: number }>('select count(*)::int as n from auth.users'))[0].n).toBe(before);
  });

  it('recover and the magic link check the challenge too', async () => {
    for (const path of ['/auth/v1/recover', '/auth/v1/otp']) {
      const res = await rest(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email: uniqueEmail('pkce-raw'), code_challenge: 'short', code_challenge_method: 's256' }),
      });
      expect(res.status, path).toBe(400);
      expect((await res.json()).code).toBe('validation_failed');
    }
  });

  it('plain (any case of the method name): the verifier is the challenge; an S256-hashed verifier under plain is bad_code_verifier', async () => {
    const verifier = 'd'.repeat(64);
    const email = uniqueEmail('pkce-plain');
    const res = await rest('/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, code_challenge: verifier, code_challenge_method: 'PLAIN' }),
    });
    expect(res.status).toBe(200);
    const code = await authCodeFromLink(email);
    const browser = pkceBrowser();
    browser.setVerifier(createHash('sha256').update(verifier).digest('base64url'));
    expectAuthError((await browser.client.auth.exchangeCodeForSession(code)).error, 400, 'bad_code_verifier');
    browser.setVerifier(verifier);
    const { data, error } = await browser.client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('POST /verify with a pkce_ token hash answers the session directly, as GoTrue does', async () => {
    const browser = pkceBrowser();
    const email = uniqueEmail('pkce-verify-post');
    expect((await browser.client.auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    const [mail] = await mailFor(email);
    const token = new URL(verifyLink(mail)).searchParams.get('token') as string;
    expect(token).toMatch(/^pkce_/);
    const { data, error } = await anonClient().auth.verifyOtp({ type: 'signup', token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});
