import { json, type ApiRequest, type ApiResponse } from '../http.ts';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

/** An auth failure as GoTrue reports it: HTTP status, snake_case error code, human message. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

/**
 * GoTrue's OAuth-style failure (its OAuthError): 400 with `{error, error_description}` in either API
 * version, as the ID-token grant answers for missing fields.
 */
export class OAuthError extends AuthError {
  constructor(error: string, description: string) {
    super(400, error, description);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const weakPassword = (message: string, reasons: string[]) => new AuthError(422, 'weak_password', message, reasons);

/** Whether the client asked for the 2024-01-01 API (supabase-js always does). */
export function wants2024Api(req: ApiRequest): boolean {
  const version = req.headers[API_VERSION_HEADER]?.trim();
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024;
}

export function versionHeaders(req: ApiRequest): Record<string, string> {
  return wants2024Api(req) ? { 'X-Supabase-Api-Version': API_VERSION_2024 } : {};
}

/**
 * GoTrue's two error shapes: `{code, message}` for API version 2024-01-01 and later,
 * `{code: <status>, error_code, msg}` before; a weak password adds `weak_password: {reasons}`;
 * an OAuthError keeps its own shape.
 */
export function errorResponse(req: ApiRequest, error: AuthError): ApiResponse {
  if (error instanceof OAuthError) return json(error.status, { error: error.errorCode, error_description: error.message }, versionHeaders(req));
  const extra = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  const body = wants2024Api(req) ? { code: error.errorCode, message: error.message, ...extra } : { code: error.status, error_code: error.errorCode, msg: error.message, ...extra };
  return json(error.status, body, versionHeaders(req));
}
