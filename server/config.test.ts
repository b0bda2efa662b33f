import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY, durationMs, loadConfig, startFlags, tomlApiMaxRows } from './config.ts';
import { signJwt, verifyJwt } from './jwt.ts';

describe('local keys', () => {
  it('are the Supabase CLI strings: HS256 {iss, role, exp} signed with the local secret', async () => {
    expect(await signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(LOCAL_ANON_KEY);
    expect(await signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(LOCAL_SERVICE_ROLE_KEY);
  });

  it('verify against the secret and fail against another', async () => {
    expect(await verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).toMatchObject({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(LOCAL_ANON_KEY, `${LOCAL_JWT_SECRET}-other`)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('report an expired token as expired', async () => {
    const token = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, LOCAL_JWT_SECRET);
    expect(await verifyJwt(token, LOCAL_JWT_SECRET)).toMatchObject({ ok: false, reason: 'expired' });
  });
});

describe('loadConfig', () => {
  it('takes JWT_SIGNING_KEYS as given (parsed at start by auth/keys.ts), and none when unset or empty', () => {
    expect(loadConfig({ JWT_SIGNING_KEYS: '[{"kty":"EC"}]' }).jwtSigningKeys).toBe('[{"kty":"EC"}]');
    expect(loadConfig({}).jwtSigningKeys).toBeUndefined();
    expect(loadConfig({ JWT_SIGNING_KEYS: '' }).jwtSigningKeys).toBeUndefined();
  });

  it("reads GoTrue's switches: anonymous sign-ins (off), their hourly limit, password policy, secure password change (off)", () => {
    const defaults = loadConfig({});
    expect([defaults.anonymousSignIns, defaults.anonymousRateLimit, defaults.securePasswordChange]).toEqual([false, 30, false]);
    expect(defaults.passwordPolicy).toEqual({ minLength: 8, requiredCharacters: [] });
    const c = loadConfig({
      ENABLE_ANONYMOUS_USERS: 'true',
      RATE_LIMIT_ANONYMOUS_USERS: '5',
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_REQUIRED_CHARACTERS: 'abc:0123456789',
      SECURE_PASSWORD_CHANGE: 'true',
    });
    expect([c.anonymousSignIns, c.anonymousRateLimit, c.securePasswordChange]).toEqual([true, 5, true]);
    expect(c.passwordPolicy).toEqual({ minLength: 12, requiredCharacters: ['abc', '0123456789'] });
  });

  it("reads extended e-mail validation (off) under our name or GoTrue's", () => {
    expect(loadConfig({}).mailerEmailValidationExtended).toBe(false);
    expect(loadConfig({ MAILER_EMAIL_VALIDATION_EXTENDED: 'true' }).mailerEmailValidationExtended).toBe(true);
    expect(loadConfig({ GOTRUE_MAILER_EMAIL_VALIDATION_EXTENDED: 'true' }).mailerEmailValidationExtended).toBe(true);
    expect(loadConfig({ MAILER_EMAIL_VALIDATION_EXTENDED: 'false', GOTRUE_MAILER_EMAIL_VALIDATION_EXTENDED: 'true' }).mailerEmailValidationExtended).toBe(false);
  });

  it('defaults to the documented ports, keys and admin', () => {
    const c = loadConfig({});
    expect([c.apiPort, c.webPort, c.apiUrl, c.siteUrl]).toEqual([54321, 5173, 'http://localhost:54321', 'http://localhost:5173']);
    expect(c.anonKey).toBe(LOCAL_ANON_KEY);
    expect(c.adminEmails).toEqual(['admin@nopain-nogain.test']);
    expect(c.requireApiKey).toBe(true);
  });

  it('reads env, lower-cases admin emails and ignores malformed numbers', () => {
    const c = loadConfig({ API_PORT: '6000', PORT: 'abc', ADMIN_EMAILS: ' Boss@Example.com, ,b@x.de', REQUIRE_APIKEY: 'false' });
    expect(c.apiPort).toBe(6000);
    expect(c.webPort).toBe(5173);
    expect(c.apiUrl).toBe('http://localhost:6000');
    expect(c.adminEmails).toEqual(['boss@example.com', 'b@x.de']);
    expect(c.requireApiKey).toBe(false);
  });

  it('moves the derived API URL with an overridden port, but keeps an explicit one', () => {
    expect(loadConfig({}, { apiPort: 0 }).apiUrl).toBe('http://localhost:0');
    expect(loadConfig({ API_EXTERNAL_URL: 'https://api.example.com/' }, { apiPort: 0 }).apiUrl).toBe('https://api.example.com');
  });

  it('serves /_dev routes only when DEV_ROUTES=true, on a loopback host too (npm start asks for them)', () => {
    expect(loadConfig({}).devRoutes).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1' }).devRoutes).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).devRoutes).toBe(false);
    expect(loadConfig({ DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    expect(loadConfig({}, { host: '127.0.0.1' }).devRoutes).toBe(false);
  });

  it("reads SMTP with GoTrue's names; no SMTP_HOST, no SMTP", () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(
      loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p', SMTP_ADMIN_EMAIL: 'shop@example.com', SMTP_SENDER_NAME: 'Shop' }).smtp,
    ).toEqual({ host: 'smtp.example.com', port: 465, user: 'u', pass: 'p', from: 'shop@example.com', senderName: 'Shop' });
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com' }).smtp).toMatchObject({ port: 587, user: undefined, from: '' });
  });
});

describe('what may be done to the database', () => {
  it('is left to the database found unless DB_MIGRATE / DB_SEED say otherwise', () => {
    expect(loadConfig({})).toMatchObject({ migrate: undefined, seed: undefined });
    expect(loadConfig({ DB_MIGRATE: 'true', DB_SEED: 'false' })).toMatchObject({ migrate: true, seed: false });
  });

  it('takes --migrate, --no-migrate, --seed and --no-seed from the command line, the last of a pair winning', () => {
    expect(startFlags(['--api-only'])).toEqual({});
    expect(startFlags(['--migrate', '--no-seed'])).toEqual({ migrate: true, seed: false });
    expect(startFlags(['--seed', '--no-seed', '--no-migrate'])).toEqual({ migrate: false, seed: false });
  });
});

describe('answer cache settings', () => {
  it('default to 64 MB and 2000 entries; ANSWER_CACHE_BYTES=0 turns the cache off', () => {
    expect(loadConfig({}).answerCache).toEqual({ bytes: 64 * 1024 * 1024, entries: 2000 });
    expect(loadConfig({ ANSWER_CACHE_BYTES: '0', ANSWER_CACHE_ENTRIES: '10' }).answerCache).toEqual({ bytes: 0, entries: 10 });
  });
});

describe('query limits (issue 22 item 6)', () => {
  it('default to hosted Supabase’s statement timeouts and the max_rows of supabase/config.toml', () => {
    const config = loadConfig({});
    expect(config.statementTimeouts).toEqual({ anon: 3000, authenticated: 8000, service_role: 8000 });
    expect(config.maxRows).toBe(1000);
  });

  it('read STATEMENT_TIMEOUT_* in ms or with Postgres’ units, and PGRST_DB_MAX_ROWS (0: none)', () => {
    const config = loadConfig({ STATEMENT_TIMEOUT_ANON: '300ms', STATEMENT_TIMEOUT_AUTHENTICATED: '15s', STATEMENT_TIMEOUT_SERVICE_ROLE: '0', PGRST_DB_MAX_ROWS: '0' });
    expect(config.statementTimeouts).toEqual({ anon: 300, authenticated: 15_000, service_role: 0 });
    expect(config.maxRows).toBe(0);
    expect(durationMs('2min', 1)).toBe(120_000);
    expect(durationMs('250', 1)).toBe(250);
    expect(durationMs('soon', 3000)).toBe(3000);
  });

  it('take max_rows from the [api] table of a config.toml only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'npng-toml-'));
    try {
      const path = join(dir, 'config.toml');
      writeFileSync(path, '[db]\nmax_rows = 5\n\n[api]\nport = 54321\nmax_rows = 250 # rows\n\n[api.tls]\nenabled = false\n');
      expect(tomlApiMaxRows(path)).toBe(250);
      writeFileSync(path, '[db]\nmax_rows = 5\n');
      expect(tomlApiMaxRows(path)).toBeUndefined();
      expect(tomlApiMaxRows(join(dir, 'missing.toml'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
