import type { FunctionEnv } from './env.ts';

/** An error Postgres raised through PostgREST: `{code, message, details, hint}` and the HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

const serviceHeaders = (env: FunctionEnv) => ({
  apikey: env.SUPABASE_SERVICE_ROLE_KEY,
  authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
  'content-type': 'application/json',
});

async function failure(res: Response): Promise<RestError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { code?: string; message?: string; details?: unknown; hint?: unknown };
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return new RestError(res.status, body.code, body.message ?? text, str(body.details), str(body.hint));
  } catch {
    return new RestError(res.status, undefined, text || `HTTP ${res.status}`);
  }
}

/** Calls a database function through /rest/v1/rpc as service_role. */
export async function callRpc<T>(env: FunctionEnv, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${fn}`, { method: 'POST', headers: serviceHeaders(env), body: JSON.stringify(args) });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** Calls a database function through /rest/v1/rpc as the caller of an access token (their role, their RLS). */
export async function callRpcAs<T>(env: FunctionEnv, accessToken: string, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: env.SUPABASE_ANON_KEY, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/** Reads rows of a table or view through /rest/v1 as service_role, with PostgREST query parameters. */
export async function selectRows<T>(env: FunctionEnv, table: string, query: Record<string, string>): Promise<T[]> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/${table}?${new URLSearchParams(query)}`, { headers: serviceHeaders(env) });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T[];
}

/** Inserts one row through /rest/v1 as service_role. */
export async function insertRow(env: FunctionEnv, table: string, row: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/${table}`, {
    method: 'POST',
    headers: { ...serviceHeaders(env), prefer: 'return=minimal' },
    body: JSON.stringify(row),
  });
  if (!res.ok) throw await failure(res);
}

export interface AuthUser {
  id: string;
  email: string | null;
}

/** The signed-in user behind an access token, as GoTrue sees it; undefined when the token is no longer valid. */
export async function fetchUser(env: FunctionEnv, accessToken: string): Promise<AuthUser | undefined> {
  const res = await fetch(`${env.SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: env.SUPABASE_ANON_KEY, authorization: `Bearer ${accessToken}` },
  });
  if (res.status === 401 || res.status === 403 || res.status === 404) return undefined;
  if (!res.ok) throw await failure(res);
  const user = (await res.json()) as { id?: unknown; email?: unknown };
  if (typeof user.id !== 'string') return undefined;
  return { id: user.id, email: typeof user.email === 'string' && user.email !== '' ? user.email : null };
}

/** The role claim of a bearer token, read without verifying it (the gateway and GoTrue verify). */
export function bearerRole(authorization: string | null): { token: string; role: string } | undefined {
  const m = /^bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  if (!m) return undefined;
  const payload = m[1].split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof json.role === 'string' ? { token: m[1], role: json.role } : undefined;
  } catch {
    return undefined;
  }
}
