import { isPgError } from '../db/types.ts';
import { HttpError } from '../http.ts';
import { ParseError } from './parse.ts';

/** PostgREST's error body. */
export interface RestErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

/** A request that cannot be answered, with PostgREST's status, body and headers. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function restError(status: number, code: string, message: string, details: unknown = null, hint: string | null = null): RestError {
  return new RestError(status, { code, message, details, hint });
}

/** PostgREST's SQLSTATE → HTTP status table (docs: "Errors → HTTP status codes"). */
export function statusForSqlState(code: string, role: string): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  switch (code) {
    case '23503':
    case '23505':
    case '40001':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42501':
      return role === 'anon' ? 401 : 403;
    case 'P0001':
      return 400;
  }
  const cls = code.slice(0, 2);
  if (['08', '53'].includes(cls)) return 503;
  if (['0L', '0P', '28'].includes(cls)) return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

/** Parse errors and Postgres errors become PostgREST responses; anything else is not ours to explain. */
export function toRestError(e: unknown, role: string): RestError | undefined {
  if (e instanceof RestError) return e;
  if (e instanceof ParseError) return restError(400, e.code, e.message, e.details);
  // The body reader's refusals (413: a body over the limit): the client's fault, said as such, never a 500.
  if (e instanceof HttpError && e.status >= 400 && e.status < 500) return restError(e.status, `PGRST${e.status}`, e.message);
  if (isPgError(e)) {
    const code = e.code ?? 'XX000';
    return restError(statusForSqlState(code, role), code, e.message, e.detail ?? null, e.hint ?? null);
  }
  return undefined;
}

export function columnNotFound(relation: string, column: string): RestError {
  return restError(400, '42703', `column ${relation}.${column} does not exist`);
}

export function payloadColumnNotFound(relation: string, column: string): RestError {
  return restError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);
}

/** PGRST108: a filter, order or limit names an embed the select does not contain. */
export function notEmbedded(name: string): RestError {
  return restError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
}
