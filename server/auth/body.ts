import { HttpError, readJson, type ApiRequest } from '../http.ts';
import { AuthError, badRequest } from './errors.ts';

export type Json = Record<string, unknown>;

const badJson = (detail: string) => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

/** The request body as a JSON object; empty means `{}`; anything else is GoTrue's 400 bad_json. */
export async function readBody(req: ApiRequest): Promise<Json> {
  let parsed: unknown;
  try {
    parsed = await readJson(req, (message) => new HttpError(400, message));
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) throw badJson(e.message);
    if (e instanceof HttpError && e.status === 413) throw new AuthError(413, 'request_too_large', 'Request body too large');
    throw e;
  }
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw badJson('the body must be a JSON object');
  if (containsNul(parsed)) throw badRequest('validation_failed', 'Request contains a NUL character, which no field may hold');
  return parsed as Json;
}

/** Postgres text and jsonb cannot hold U+0000: refuse it up front rather than fail in the database. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}

/** A string field; absent and null read as ''. */
export function stringField(body: Json, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badJson(`${name} must be a string`);
  return value;
}

/** A string field that distinguishes "not given" (undefined) from ''. */
export function optionalStringField(body: Json, name: string): string | undefined {
  return body[name] === undefined || body[name] === null ? undefined : stringField(body, name);
}

export function booleanField(body: Json, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badJson(`${name} must be a boolean`);
  return value;
}

export function objectField(body: Json, name: string): Json | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson(`${name} must be an object`);
  return value as Json;
}
