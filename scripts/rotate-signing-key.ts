import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_STANDBY_MS, ROTATION_GRACE_MS, rotateSigningKey } from '../server/auth/keys.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';

/**
 * Adds a new signing key to the shop's database (ADR 0033): published and trusted at once, signing
 * after --standby minutes (default 2: every running instance has read it by then); the key it replaces keeps verifying for JWT_EXPIRY plus 20 minutes after
 * that and then drops out. Running instances pick it up within a minute, without a restart.
 *
 *   npm run auth:rotate-key -- [--standby <minutes>]
 *
 * Reads DATABASE_URL (or DATA_DIR for PGlite, while the server is stopped: its data folder belongs
 * to one process) and JWT_SECRET from the environment or .env, as npm start does.
 */
const usage = `usage: npm run auth:rotate-key -- [--standby <minutes>]

  --standby  minutes before the new key signs (default 2, when every running instance has read
             it); 20 gives verifiers that cache the JWKS (a CDN in front) time to see it first`;

const { values } = parseArgs({ options: { standby: { type: 'string', default: String(DEFAULT_STANDBY_MS / 60_000) }, help: { type: 'boolean', short: 'h', default: false } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const standbyMinutes = Number(values.standby);
if (!Number.isFinite(standbyMinutes) || standbyMinutes < 0) {
  console.error(`${usage}\n\nerror: --standby takes a number of minutes`);
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig(process.env);
if (!config.databaseUrl && !config.dataDir) {
  console.error('error: set DATABASE_URL (or DATA_DIR): a database in memory has nothing to rotate');
  process.exit(2);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { kid, signsFrom } = await rotateSigningKey(db, config, { standbyMs: standbyMinutes * 60_000 });
  const oldUntil = new Date(signsFrom.getTime() + config.jwtExpiry * 1000 + ROTATION_GRACE_MS);
  console.log(`new signing key ${kid}: published now, signs from ${signsFrom.toISOString()}; the key it replaces verifies until ${oldUntil.toISOString()}`);
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
