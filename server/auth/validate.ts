import { badRequest, weakPassword } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them. */
export const MAX_PASSWORD_BYTES = 72;
const MAX_EMAIL_LENGTH = 255;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** GoTrue's validateEmail: required, at most 255 characters, a valid format; stored lower-cased. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim();
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > MAX_EMAIL_LENGTH) throw badRequest('validation_failed', 'An email address is too long');
  const at = email.lastIndexOf('@');
  if (at < 1 || !LOCAL_PART.test(email.slice(0, at)) || !DOMAIN.test(email.slice(at + 1))) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.toLowerCase();
}

/** GoTrue's password checks: too long is a validation error, too short a weak password. */
export function checkPassword(password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
}
