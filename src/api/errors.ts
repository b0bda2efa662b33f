import type { ErrorField } from '../../domain/errors';

/** What a machine can branch on; the server's own message travels with it for display. */
export type ApiErrorKind = 'not_found' | 'conflict' | 'unauthorized' | 'network' | 'invalid' | 'unknown';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  // Set from the constructor's options when given (declared only, so the class carries no empty fields).
  declare readonly code?: string;
  declare readonly status?: number;
  /** PostgREST's `details` (e.g. "Key (sku)=(NP-1) already exists."), when it sent one. */
  declare readonly details?: string;
  /** The input a refusal is about (a slug or SKU another product has), so the form marks that field. */
  declare readonly field?: ErrorField;

  constructor(kind: ApiErrorKind, message: string, opts: { code?: string; status?: number; details?: string; field?: ErrorField } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    Object.assign(this, opts);
  }
}

interface ErrorLike {
  message?: string;
  code?: string;
  status?: number;
  name?: string;
  details?: string;
}

/** Maps a PostgREST / GoTrue / fetch error to an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as ErrorLike;
  const message = e.message || 'Unknown error';
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const details = typeof e.details === 'string' ? e.details : undefined;
  if (e.name === 'AuthRetryableFetchError' || status === 0 || status === 502 || status === 503 || status === 504 || error instanceof TypeError) {
    return new ApiError('network', message, { code, status, details });
  }
  if (code === '23505' || status === 409) return new ApiError('conflict', message, { code, status, details });
  if (code === 'PGRST116' || status === 404) return new ApiError('not_found', message, { code, status, details });
  if (status === 401 || status === 403 || code === '42501') return new ApiError('unauthorized', message, { code, status, details });
  if (status === 400 || status === 422 || (code && /^(22|23)/.test(code))) return new ApiError('invalid', message, { code, status, details });
  return new ApiError('unknown', message, { code, status, details });
}
