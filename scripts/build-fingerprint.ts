/**
 * The build's fingerprint: one hash of everything `npm run build` reads, so `npm start` can tell
 * whether dist/ is up to date with the checkout without rebuilding (scripts/start.ts).
 *
 * Contents, never mtimes: a fresh clone gives every file a new mtime but the same bytes. What it
 * covers, relative to the project root:
 * - the directories in INPUT_DIRS (every file below them, the catalogues' .po files included:
 *   they live under src/), the root files in INPUT_FILES and those matching INPUT_PATTERNS;
 * - the build command: package.json's `build` script, every script it runs with `npm run`, and the
 *   contents of any project file those commands name (e.g. `tsx scripts/build-server.ts`);
 * - the environment values Vite bakes into the bundle: every VITE_* variable (and NODE_ENV) from
 *   the environment and from the .env files Vite reads for a production build, the environment
 *   winning over the files as in Vite.
 * When the build starts reading something new outside these, add it here.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** Bumped when what goes into the fingerprint changes, so older stamps no longer match. */
const FORMAT = 'npng-build-fingerprint/1';

/** Browser code imports src/, machines/, domain/ and the edge functions' shared modules (company, address). */
export const INPUT_DIRS = ['src', 'machines', 'domain', 'public', 'supabase/functions/_shared'];
export const INPUT_FILES = ['index.html', 'panda.config.ts', 'postcss.config.cjs', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];
/** Files below the root that the build imports (vite.config.ts writes dist/_headers with it). */
export const INPUT_PATHS = ['server/securityHeaders.ts'];
/** Root files by name: every tsconfig and any further Vite config (e.g. one for a server bundle). */
export const INPUT_PATTERNS = [/^tsconfig.*\.json$/, /^vite\..*config\.[cm]?[jt]s$/];
/** Vite's env files for `vite build` (mode production), lowest precedence first. */
export const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];
const SKIPPED_DIRS = new Set(['node_modules']);

/** Where the last successful build's fingerprint is kept (dist/ is emptied by every build). */
export const STAMP_PATH = join('dist', '.build-fingerprint');

export interface Fingerprint {
  /** Hex SHA-256 of everything below. */
  hash: string;
  /** How many files went into it. */
  files: number;
}

function filesBelow(root: string, dir: string, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return; // a missing input directory is simply empty
  }
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) filesBelow(root, rel, out);
    } else if (entry.isFile() || (entry.isSymbolicLink() && isFile(join(root, rel)))) {
      out.push(rel);
    }
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** package.json's build script and every `npm run X` it calls, in the order they run. */
export function buildCommands(packageJson: string): string[] {
  let scripts: Record<string, string> = {};
  try {
    scripts = (JSON.parse(packageJson) as { scripts?: Record<string, string> }).scripts ?? {};
  } catch {
    // unreadable package.json: the build fails anyway, and the fingerprint says "no build script"
  }
  const seen = new Set<string>();
  const commands: string[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const command = scripts[name];
    commands.push(`${name}=${command ?? '<none>'}`);
    if (!command) return;
    for (const m of command.matchAll(/\bnpm\s+run(?:-script)?\s+(?:--?[\w-]+\s+)*([\w:.-]+)/g)) visit(m[1]);
  };
  visit('build');
  return commands;
}

/** The VITE_* values (and NODE_ENV) a production build would see. */
export function buildEnv(root: string, env: NodeJS.ProcessEnv): [string, string][] {
  const merged: Record<string, string> = {};
  for (const file of ENV_FILES) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    Object.assign(merged, parseEnv(readFileSync(path, 'utf8')));
  }
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return Object.entries(merged)
    .filter(([key]) => key.startsWith('VITE_') || key === 'NODE_ENV')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The fingerprint of the build inputs below `root`, with the given environment. */
export function buildFingerprint(root: string, env: NodeJS.ProcessEnv): Fingerprint {
  const files: string[] = [];
  for (const dir of INPUT_DIRS) filesBelow(root, dir, files);
  let rootNames: string[] = [];
  try {
    rootNames = readdirSync(root);
  } catch {
    // no root: no files
  }
  for (const name of rootNames) if (INPUT_FILES.includes(name) || INPUT_PATTERNS.some((re) => re.test(name))) files.push(name);
  for (const rel of INPUT_PATHS) if (isFile(join(root, rel))) files.push(rel);

  const packageJson = existsSync(join(root, 'package.json')) ? readFileSync(join(root, 'package.json'), 'utf8') : '';
  const commands = buildCommands(packageJson);
  // Project files named on the build's command lines (a build script of its own, a config file).
  for (const command of commands) {
    for (const token of command.split(/[\s=]+/)) {
      if (!/^[\w./-]+\.[a-z]+$/i.test(token) || token.startsWith('/') || token.includes('..')) continue;
      const rel = token.replace(/^\.\//, '');
      if (!files.includes(rel) && isFile(join(root, rel))) files.push(rel);
    }
  }

  const hash = createHash('sha256');
  hash.update(`${FORMAT}\n`);
  for (const rel of [...new Set(files)].sort()) {
    const content = createHash('sha256')
      .update(readFileSync(join(root, rel)))
      .digest('hex');
    hash.update(`file ${rel} ${content}\n`);
  }
  for (const command of commands) hash.update(`script ${JSON.stringify(command)}\n`);
  for (const [key, value] of buildEnv(root, env)) hash.update(`env ${key}=${JSON.stringify(value)}\n`);
  return { hash: hash.digest('hex'), files: files.length };
}

/** The fingerprint the last successful build recorded, or undefined when there is none (or it is garbled). */
export function readStamp(root: string): string | undefined {
  try {
    const text = readFileSync(join(root, STAMP_PATH), 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Records a successful build's fingerprint: written beside and renamed, so it is never half there. */
export function writeStamp(root: string, hash: string): void {
  const path = join(root, STAMP_PATH);
  mkdirSync(join(root, 'dist'), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${hash}\n`);
  renameSync(temp, path);
}

/** Forgets the last build's fingerprint (before a build starts: a failed one must not keep it). */
export function clearStamp(root: string): void {
  rmSync(join(root, STAMP_PATH), { force: true });
}

/** True when dist/ holds a build made from exactly these inputs. */
export function upToDate(root: string, hash: string): boolean {
  return existsSync(join(root, 'dist', 'index.html')) && readStamp(root) === hash;
}
