import type { Config } from '../config.ts';
import { badRequest, weakPassword } from './errors.ts';

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

export type PasswordPolicy = Config['passwordPolicy'];

/**
 * What GoTrue's checkPasswordStrength finds wrong with a password: too short (its length in bytes,
 * as Go's len counts), or missing a character of one of the required sets; one message per reason.
 */
export function passwordWeaknesses(password: string, policy: PasswordPolicy): { reasons: string[]; messages: string[] } {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password, 'utf8') < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const characters = [...password];
  if (policy.requiredCharacters.some((set) => !characters.some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${policy.requiredCharacters.join(', ')}.`);
  }
  return { reasons, messages };
}

/** GoTrue's password checks: too long is a validation error, too short or too plain a weak password. */
export function checkPassword(password: string, policy: PasswordPolicy): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const { reasons, messages } = passwordWeaknesses(password, policy);
  if (reasons.length > 0) throw weakPassword(messages.join(' '), reasons);
}
