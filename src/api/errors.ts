/** What a machine can branch on; the server's own message travels with it for display. */
export type ApiErrorKind = 'not_found' | 'conflict' | 'unauthorized' | 'network' | 'invalid' | 'unknown';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code?: string;
  readonly status?: number;

  constructor(kind: ApiErrorKind, message: string, opts: { code?: string; status?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = opts.code;
    this.status = opts.status;
  }
}

interface ErrorLike {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
}

/** Maps a PostgREST / GoTrue / fetch error to an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as ErrorLike;
  const message = e.message || 'Unknown error';
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (e.name === 'AuthRetryableFetchError' || status === 0 || status === 502 || status === 503 || status === 504 || error instanceof TypeError) {
    return new ApiError('network', message, { code, status });
  }
  if (code === '23505' || status === 409) return new ApiError('conflict', message, { code, status });
  if (code === 'PGRST116' || status === 404) return new ApiError('not_found', message, { code, status });
  if (status === 401 || status === 403 || code === '42501') return new ApiError('unauthorized', message, { code, status });
  if (status === 400 || status === 422 || (code && /^(22|23)/.test(code))) return new ApiError('invalid', message, { code, status });
  return new ApiError('unknown', message, { code, status });
}
