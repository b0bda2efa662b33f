/**
 * Runs a command against a throw-away PostgreSQL 15 cluster:
 *   npx tsx scripts/with-postgres.ts <command…>
 * The command gets DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres. The cluster is
 * stopped and deleted afterwards (also when the command fails or on Ctrl-C), and this script exits
 * with the command's exit code. `startTemporaryPostgres` is the same cluster for in-process use.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

interface RunAs {
  /** Command prefix that drops root privileges (empty when not root). */
  prefix: string[];
  uid?: number;
  gid?: number;
}

function fail(message: string): never {
  console.error(`with-postgres: ${message}`);
  process.exit(1);
}

/** PostgreSQL refuses to run as root: use the `postgres` user when it exists, else `nobody`. */
function unprivilegedUser(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { prefix: [] };
  const lookup = (user: string) => {
    const uid = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    if (uid.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const postgres = lookup('postgres');
  if (postgres) return { prefix: ['setpriv', '--reuid=postgres', '--regid=postgres', '--clear-groups', '--'], ...postgres };
  const nobody = lookup('nobody');
  if (!nobody) fail('running as root and neither a `postgres` nor a `nobody` user exists to run PostgreSQL as.');
  return { prefix: ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', '--'], ...nobody };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function runChecked(runAs: RunAs, bin: string, args: string[]): void {
  const [cmd, ...rest] = [...runAs.prefix, join(PG_BIN, bin), ...args];
  const r = spawnSync(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  }
}

/** Why a temporary cluster cannot start here (the PostgreSQL 15 binaries are missing), or undefined. */
export function postgresMissing(): string | undefined {
  for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(PG_BIN, bin))) {
      return `PostgreSQL 15 binaries not found (${join(PG_BIN, bin)} is missing). Install postgresql-15 (Debian: apt-get install postgresql-15) or set PG_BIN.`;
    }
  }
  return undefined;
}

export interface TemporaryPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dataDir: string;
  /** Stops the cluster and deletes its files (also runs when the process exits). */
  stop(): void;
}

/** Starts a throw-away PostgreSQL 15 cluster (initdb, trust auth, fsync off) on a free port. */
export async function startTemporaryPostgres(): Promise<TemporaryPostgres> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const runAs = unprivilegedUser();
  const base = mkdtempSync(join(tmpdir(), 'npng-pg-'));
  const dataDir = join(base, 'data');
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(base, runAs.uid, runAs.gid);

  let started = false;
  let cleaned = false;
  const stop = () => {
    if (cleaned) return;
    cleaned = true;
    process.off('exit', stop);
    if (started) {
      try {
        runChecked(runAs, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch (e) {
        console.error(`with-postgres: stopping the cluster failed: ${(e as Error).message}`);
      }
    }
    rmSync(base, { recursive: true, force: true });
  };
  process.on('exit', stop);
  try {
    runChecked(runAs, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
    const port = await freePort();
    runChecked(runAs, 'pg_ctl', ['-D', dataDir, '-l', join(base, 'postgres.log'), '-o', `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off`, '-w', 'start']);
    started = true;
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

async function main(): Promise<number> {
  const command = process.argv.slice(2);
  if (command.length === 0) fail('usage: tsx scripts/with-postgres.ts <command…>');
  const missing = postgresMissing();
  if (missing) fail(missing);

  let cluster: TemporaryPostgres | undefined;
  try {
    cluster = await startTemporaryPostgres();
    console.error(`with-postgres: PostgreSQL 15 at ${cluster.url} (data in ${cluster.dataDir})`);

    const binPath = join(process.cwd(), 'node_modules', '.bin');
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: cluster.url, PATH: `${binPath}${delimiter}${process.env.PATH ?? ''}` },
    });
    const forward = (signal: NodeJS.Signals) => () => {
      child.kill(signal);
    };
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const code = await new Promise<number>((resolve) => {
      child.once('error', (e) => {
        console.error(`with-postgres: cannot run ${command[0]}: ${e.message}`);
        resolve(127);
      });
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal === 'SIGINT' ? 130 : 1)));
    });
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    return code;
  } catch (e) {
    console.error(`with-postgres: ${(e as Error).message}`);
    return 1;
  } finally {
    cluster?.stop();
  }
}

// Run as a script (not when imported for startTemporaryPostgres, e.g. by scripts/bench/api.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main().then((code) => process.exit(code));
