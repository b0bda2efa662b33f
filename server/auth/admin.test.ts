import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../config.ts';
import { followLink, startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
}, 60_000);
afterAll(() => t?.stop());

const PASSWORD = 'Str0ng-Pass';
const call = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${t.url}/auth/v1${path}`, {
    ...init,
    headers: {
      apikey: LOCAL_ANON_KEY,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

describe('admin API', () => {
  it('creates, reads, lists, updates and deletes users with the service role', async () => {
    const admin = t.serviceClient().auth.admin;
    const email = uniqueEmail('admin-crud');
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Ada' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { full_name: 'Ada' },
      app_metadata: { plan: 'pro', provider: 'email', providers: ['email'] },
    });
    expect(created.data.user?.email_confirmed_at).toEqual(expect.any(String));

    const duplicate = await admin.createUser({ email, password: PASSWORD });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, { user_metadata: { city: 'Berlin' }, app_metadata: { plan: null } });
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'Ada', city: 'Berlin' });
    expect(updated.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const moved = uniqueEmail('admin-moved');
    expect((await admin.updateUserById(id, { email: moved, password: 'An0ther-Pass' })).data.user?.email).toBe(moved);
    expect((await t.client().auth.signInWithPassword({ email: moved, password: 'An0ther-Pass' })).error).toBeNull();

    await admin.createUser({ email: uniqueEmail('admin-list'), password: PASSWORD });
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    expect(page.error).toBeNull();
    expect(page.data.users).toHaveLength(1);
    expect((page.data as { total?: number }).total).toBeGreaterThanOrEqual(2);
    expect((page.data as { nextPage?: number }).nextPage).toBe(2);

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const bad = await call('/admin/users/not-a-uuid', { token: LOCAL_SERVICE_ROLE_KEY });
    expect(bad.status).toBe(404);
  });

  it('refuses anon keys and user tokens with 403 not_admin, and missing tokens with 401', async () => {
    const asAnon = await call('/admin/users', { token: LOCAL_ANON_KEY });
    expect(asAnon.status).toBe(403);
    expect(await asAnon.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });

    const email = uniqueEmail('not-admin');
    await t.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const { data } = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    const asUser = await call('/admin/users', {
      method: 'POST',
      token: data.session?.access_token,
      body: JSON.stringify({ email: uniqueEmail('sneaky'), password: PASSWORD, email_confirm: true }),
    });
    expect(asUser.status).toBe(403);
    expect((await call('/admin/users')).status).toBe(401);
  });

  it('generates links without mailing them, and refuses bad requests', async () => {
    const admin = t.serviceClient().auth.admin;
    const email = uniqueEmail('gen');
    const signup = await admin.generateLink({ type: 'signup', email, password: PASSWORD });
    expect(signup.error).toBeNull();
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: 'http://localhost:5173' });
    expect(await t.mailTo(email)).toHaveLength(0);
    const link = new URL(signup.data.properties?.action_link ?? '');
    const { fragment } = await followLink(`${t.url}${link.pathname}${link.search}`);
    expect(fragment.get('type')).toBe('signup');

    const recovery = await admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(recovery.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const res = await call('/admin/generate_link', { method: 'POST', token: LOCAL_SERVICE_ROLE_KEY, body: JSON.stringify({ type: 'teleport', email }) });
    expect(res.status).toBe(400);
    const badJson = await call('/admin/users', { method: 'POST', token: LOCAL_SERVICE_ROLE_KEY, body: '[1,' });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).error_code).toBe('bad_json');
    const badBan = await call('/admin/users', {
      method: 'POST',
      token: LOCAL_SERVICE_ROLE_KEY,
      body: JSON.stringify({ email: uniqueEmail('ban'), ban_duration: 'forever' }),
    });
    expect(badBan.status).toBe(400);
  });
});

describe('public endpoints', () => {
  it('serves settings, health and the JWKS (one public ES256 key), and 404 for unknown paths', async () => {
    const settings = await (await call('/settings')).json();
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '' });
    expect(settings.external).toMatchObject({ email: true, phone: false, google: false });
    expect((await fetch(`${t.url}/auth/v1/health`)).status).toBe(200);
    const { keys } = await (await call('/.well-known/jwks.json')).json();
    expect(keys.map((k: Record<string, unknown>) => [k.kty, k.alg, k.use, 'd' in k])).toEqual([['EC', 'ES256', 'sig', false]]);
    const unknown = await call('/no-such-endpoint', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'not_found', message: 'Not Found' });
    expect((await call('/settings', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('rate limits', () => {
  let limited: TestBackend;
  beforeAll(async () => {
    limited = await startTestBackend({ rateLimits: { signIn: 2, signUp: 1, recover: 1, windowMs: 60_000 } });
  }, 60_000);
  afterAll(() => limited?.stop());

  it('answers 429 over_request_rate_limit once a client exceeds its sign-in or sign-up budget', async () => {
    const client = limited.client();
    const email = uniqueEmail('limit');
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const signUp = await client.auth.signUp({ email: uniqueEmail('limit'), password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    for (let i = 0; i < 2; i++) expect((await client.auth.signInWithPassword({ email, password: 'Wrong-Pass-1' })).error?.status).toBe(400);
    const third = await client.auth.signInWithPassword({ email, password: 'Wrong-Pass-1' });
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('answers 429 over_email_send_rate_limit for the mail-sending endpoints', async () => {
    const client = limited.client();
    expect((await client.auth.resetPasswordForEmail(uniqueEmail('limit'))).error).toBeNull();
    const second = await client.auth.resetPasswordForEmail(uniqueEmail('limit'));
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect((await client.auth.signInWithOtp({ email: uniqueEmail('limit') })).error?.status).toBe(429);
  });
});
