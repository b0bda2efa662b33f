import { HttpError } from '../http.ts';
import { isPgError } from '../db/types.ts';

/** Supabase Storage's error body: `{statusCode, error, message}` with the same HTTP status. */
export function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

export const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
export const duplicateObject = () => storageError(409, 'Duplicate', 'The resource already exists');
export const payloadTooLarge = () => storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (mimetype: string) => storageError(415, 'invalid_mime_type', `mime type ${mimetype} is not supported`);
export const invalidRequest = (message: string) => storageError(400, 'InvalidRequest', message);
export const rlsViolation = () => storageError(403, 'Unauthorized', 'new row violates row-level security policy');

/** Maps what Postgres said about a storage statement to Storage's answer; anything else is rethrown. */
export function mapStorageDbError(e: unknown): never {
  if (isPgError(e)) {
    if (e.code === '42501') throw rlsViolation();
    if (e.code === '23505') throw duplicateObject();
    if (e.code === '23503') throw bucketNotFound();
    if (e.code === '22P02' || e.code === '22021') throw invalidRequest(e.message);
  }
  throw e;
}
