import type { Config } from './config.ts';
import type { Database, Queryable } from './db/types.ts';
import type { Claims } from './jwt.ts';
import type { ApiRequest, ApiResponse } from './http.ts';

/** A mounted part of the server (rest, auth, storage …): answers requests below its prefix. */
export interface Module {
  handle(req: ApiRequest): Promise<ApiResponse>;
  close?(): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface ServerContext {
  config: Config;
  db: Database;
  /** Base URL this process is reachable at from itself (the bound port), for functions calling back. */
  internalUrl(): string;
  /** Folder for storage objects; undefined keeps them in the database process' temp folder. */
  storageDir: string;
  mailer: Mailer;
}

/**
 * Runs fn in one transaction as PostgREST does: `role` switched to the JWT's role and the claims
 * in `request.jwt.claims` (plus request.method/path/headers when given), all transaction-local;
 * with `statementTimeoutMs` (> 0), `statement_timeout` too, as PostgREST applies a role's
 * `statement_timeout` setting: every later statement of the transaction ends with SQLSTATE 57014
 * when it runs longer (PostgreSQL; PGlite cannot interrupt a running query).
 */
export async function asRole<T>(
  db: Database,
  claims: Claims,
  fn: (tx: Queryable) => Promise<T>,
  request?: { method: string; path: string; headers?: Record<string, string | undefined>; statementTimeoutMs?: number },
): Promise<T> {
  const timeout = request?.statementTimeoutMs;
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true)${timeout ? ", set_config('statement_timeout', $6, true)" : ''}`,
      [claims.role, JSON.stringify(claims), request?.method ?? '', request?.path ?? '', JSON.stringify(request?.headers ?? {}), ...(timeout ? [String(Math.round(timeout))] : [])],
    );
    return fn(tx);
  });
}
