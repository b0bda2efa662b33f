import { readFileSync, statSync } from 'node:fs';

/**
 * `verify_jwt` per function from supabase/config.toml (`[functions.<name>]`), re-read when the file
 * changes. Only these tables and this key are read; every other line of the file is left alone.
 */
export class FunctionSettings {
  private cache: { mtimeMs: number; verifyJwt: Map<string, boolean> } | undefined;

  constructor(private readonly configPath: string) {}

  /** Default true, as the Supabase CLI and hosted gateway do. */
  verifyJwt(name: string): boolean {
    return this.read().get(name) ?? true;
  }

  private read(): Map<string, boolean> {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.configPath).mtimeMs;
    } catch {
      return new Map();
    }
    if (this.cache?.mtimeMs !== mtimeMs) this.cache = { mtimeMs, verifyJwt: parseVerifyJwt(readFileSync(this.configPath, 'utf8')) };
    return this.cache.verifyJwt;
  }
}

export function parseVerifyJwt(toml: string): Map<string, boolean> {
  const settings = new Map<string, boolean>();
  let current: string | undefined;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      const fn = /^functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))$/.exec(table[1]);
      current = fn ? (fn[1] ?? fn[2]) : undefined;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (current && setting) settings.set(current, setting[1] === 'true');
  }
  return settings;
}
