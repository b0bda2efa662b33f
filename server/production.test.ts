import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY, loadConfig } from './config.ts';
import { productionProblems, productionReason } from './production.ts';
import { startBackend } from './start.ts';
import { SEED_USERS } from './seed/users.ts';

/** A production configuration that sets everything the refusals ask for. */
const REAL: NodeJS.ProcessEnv = {
  HOST: '0.0.0.0',
  JWT_SECRET: 'a-real-secret-of-the-shop-0123456789abcdef',
  ANON_KEY: 'real-anon-key',
  SERVICE_ROLE_KEY: 'real-service-role-key',
  SMTP_HOST: 'smtp.example.com',
  SMTP_ADMIN_EMAIL: 'shop@example.com',
  ADMIN_EMAILS: 'owner@example.com',
  STRIPE_SECRET_KEY: 'sk_live_shop',
  STRIPE_WEBHOOK_SECRET: 'whsec_shop',
};

const problems = (env: NodeJS.ProcessEnv, seed = false) => productionProblems(loadConfig(env), env, { seed });
const named = (list: string[]) => list.map((p) => /^[A-Z_]+/.exec(p)?.[0]);

describe('what counts as production', () => {
  it('is another HOST, NODE_ENV=production or a public SITE_URL / API_EXTERNAL_URL; a laptop and the tests are not', () => {
    expect(productionReason(loadConfig({}), {})).toBeUndefined();
    expect(productionReason(loadConfig({ HOST: 'localhost', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }), {})).toBeUndefined();
    expect(productionReason(loadConfig({ HOST: '0.0.0.0' }), {})).toMatch(/^HOST=0\.0\.0\.0/);
    expect(productionReason(loadConfig({ HOST: '::' }), {})).toMatch(/^HOST=::/);
    expect(productionReason(loadConfig({}), { NODE_ENV: 'production' })).toBe('NODE_ENV=production');
    expect(productionReason(loadConfig({ SITE_URL: 'https://shop.example.com' }), {})).toMatch(/^SITE_URL=/);
    expect(productionReason(loadConfig({ API_EXTERNAL_URL: 'https://api.shop.example.com' }), {})).toMatch(/^API_EXTERNAL_URL=/);
  });
});

describe('production start refusals', () => {
  it('let local development keep the published demo values and the seed', () => {
    expect(problems({}, true)).toEqual([]);
    expect(problems({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', DEV_ROUTES: 'true' }, true)).toEqual([]);
  });

  it('name every variable a production start still has to set', () => {
    const found = problems({ HOST: '0.0.0.0', DEV_ROUTES: 'true' }, true);
    expect(named(found)).toEqual(['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'DB_SEED', 'SMTP_HOST', 'STRIPE_SECRET_KEY', 'DEV_ROUTES', 'ADMIN_EMAILS']);
    expect(found.join('\n')).toContain(SEED_USERS[0].email);
    expect(named(problems({ NODE_ENV: 'production' }))).toEqual(['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'SMTP_HOST', 'STRIPE_SECRET_KEY', 'ADMIN_EMAILS']);
  });

  it('refuse each demo value on its own', () => {
    expect(problems(REAL)).toEqual([]);
    expect(named(problems({ ...REAL, JWT_SECRET: LOCAL_JWT_SECRET }))).toEqual(['JWT_SECRET']);
    expect(named(problems({ ...REAL, ANON_KEY: LOCAL_ANON_KEY }))).toEqual(['ANON_KEY']);
    expect(named(problems({ ...REAL, SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY }))).toEqual(['SERVICE_ROLE_KEY']);
    expect(named(problems({ ...REAL, SMTP_HOST: undefined }))).toEqual(['SMTP_HOST']);
    expect(named(problems({ ...REAL, ADMIN_EMAILS: undefined }))).toEqual(['ADMIN_EMAILS']);
    expect(named(problems(REAL, true))).toEqual(['DB_SEED']);
    expect(named(problems({ ...REAL, STRIPE_SECRET_KEY: undefined }))).toEqual(['STRIPE_SECRET_KEY']);
    expect(named(problems({ ...REAL, STRIPE_WEBHOOK_SECRET: undefined }))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(problems({ ...REAL, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' })[0]).toMatch(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: /);
  });

  it('refuse seed logins that still have their published password', () => {
    expect(problems(REAL)).toEqual([]);
    const found = productionProblems(loadConfig(REAL), REAL, { seed: false, demoLogins: [SEED_USERS[0].email] });
    expect(named(found)).toEqual(['DB_SEED']);
    expect(found[0]).toContain(`${SEED_USERS[0].email} still signs in with the published seed password`);
  });

  it('want a From address with SMTP_HOST, in development too', () => {
    expect(named(problems({ SMTP_HOST: 'localhost' }))).toEqual(['SMTP_ADMIN_EMAIL']);
    expect(named(problems({ ...REAL, SMTP_ADMIN_EMAIL: undefined }))).toEqual(['SMTP_ADMIN_EMAIL']);
  });

  it('stop startBackend before anything listens, with one error naming every variable', async () => {
    const start = startBackend({ env: { NODE_ENV: 'production' }, config: { dataDir: undefined, apiPort: 0 } });
    const error = await start.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('StartRefused');
    expect(error?.message).toMatch(/^Refusing to start\. This is a production start \(NODE_ENV=production/);
    for (const name of ['JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'DB_SEED', 'SMTP_HOST', 'STRIPE_SECRET_KEY', 'ADMIN_EMAILS']) expect(error?.message).toContain(`  - ${name}`);
  }, 120_000);
});

describe('a database seeded on a laptop, then started in production', () => {
  it('is refused while a seed login keeps its published password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npng-prod-'));
    try {
      const laptop = await startBackend({ env: {}, config: { dataDir: dir, databaseUrl: undefined, apiPort: 0, housekeepingMs: 0 } });
      expect(laptop.seeded).toBe(true);
      await laptop.stop();
      const error = await startBackend({
        env: { ...REAL, HOST: '127.0.0.1', NODE_ENV: 'production' },
        config: { dataDir: dir, databaseUrl: undefined, apiPort: 0, housekeepingMs: 0 },
      }).then(
        async (b) => {
          await b.stop();
          return undefined;
        },
        (e: unknown) => e as Error,
      );
      expect(error?.name).toBe('StartRefused');
      expect(error?.message).toContain(`  - DB_SEED: ${SEED_USERS.map((u) => u.email).join(', ')} still sign in with the published seed password`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

/** Runs `tsx server/main.ts --api-only` until it is ready or exits; its output and exit code. */
function runMain(env: NodeJS.ProcessEnv): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, API_PORT: '0', DATA_DIR: ':memory:', HOUSEKEEPING_INTERVAL_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server/main.ts neither got ready nor exited:\n${out}\n${err}`));
    }, 90_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (/ready in/.test(out)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ out, err, code });
    });
  });
}

describe('server/main.ts', () => {
  it('prints no key, secret or seed password outside local development', async () => {
    const { out } = await runMain({ ...REAL, HOST: '127.0.0.1', NODE_ENV: 'production', DB_SEED: 'false' });
    expect(out).toContain('ready in');
    expect(out).toContain('not printed');
    expect(out).toContain('⚠ PGlite cannot stop a query past STATEMENT_TIMEOUT_*');
    for (const secret of [REAL.JWT_SECRET, REAL.ANON_KEY, REAL.SERVICE_ROLE_KEY, ...SEED_USERS.map((u) => u.password)]) expect(out).not.toContain(secret);
  }, 120_000);

  it('refuses a production start with the demo values: exit 1 and the list, no stack trace', async () => {
    const { out, err, code } = await runMain({ NODE_ENV: 'production' });
    expect(out).not.toContain('ready in');
    expect(code).toBe(1);
    expect(err).toMatch(/^Refusing to start\./);
    expect(err).toContain('  - JWT_SECRET');
    expect(err).not.toMatch(/\n\s+at /);
  }, 120_000);
});
