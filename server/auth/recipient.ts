import type { Config } from '../config.ts';
import { type AuthError, badRequest } from './errors.ts';

/**
 * GoTrue's extended e-mail validation (MAILER_EMAIL_VALIDATION_EXTENDED; supabase/auth
 * internal/mailer/validateclient): the checks its mailer makes on a recipient before it sends,
 * without the DNS and MX lookups and without the remote validation service. GoTrue's four
 * refusals are kept apart here for tests; every one is answered as email_address_invalid.
 */
export type RecipientProblem = 'invalid_email_format' | 'invalid_email_address' | 'invalid_email_dns';

/** Typed often enough that GoTrue refuses them by name. */
const INVALID_ADDRESSES = new Set(['test@gmail.com', 'example@gmail.com', 'someone@gmail.com', 'test@email.com']);

/** RFC 2606 names (also typed bare, as in test@test), hosts that bounce a lot, and frequent typos. */
const INVALID_HOSTS = new Set([
  'test',
  'example',
  'invalid',
  'local',
  'localhost',
  'test.com',
  'example.com',
  'example.net',
  'example.org',
  'gamil.com',
  'gamai.com',
  'anonymous.com',
  'email.com',
]);

/** RFC 2606 section 2: top-level names that never receive mail. */
const INVALID_HOST_SUFFIXES = ['.test', '.example', '.invalid', '.local', '.localhost'];

/**
 * An RFC 5322 dot-atom as Go's net/mail reads it: atext is any visible ASCII character but the
 * specials (and '.', which only separates atoms) or any non-ASCII character (RFC 6532).
 */
const ATEXT = '[^\\x00-\\x20\\x7f()<>\\[\\]:;@\\\\,."]';
const DOT_ATOM = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const PLAIN_ADDRESS = new RegExp(`^${DOT_ATOM}@${DOT_ATOM}$`, 'u');

/**
 * Whether Go's mail.ParseAddress(email) succeeds with an Address equal to its input, which is
 * GoTrue's format check: only a bare local@domain can; a display name, angle brackets, comments,
 * surrounding spaces or a quoted local part (which Go returns unquoted) all make them differ.
 * Go refuses invalid UTF-8; a lone surrogate is its JavaScript counterpart.
 */
function isPlainAddress(email: string): boolean {
  return PLAIN_ADDRESS.test(email) && !/\p{Surrogate}/u.test(email);
}

/**
 * What GoTrue's validateStatic and the network-free start of validateHost find wrong with a
 * recipient, in their order; undefined when it would be sent. Compared lower-cased: GoTrue only
 * ever mails addresses its validateEmail has lower-cased.
 */
export function recipientProblem(email: string): RecipientProblem | undefined {
  if (!isPlainAddress(email)) return 'invalid_email_format';
  const address = email.toLowerCase();
  const at = address.lastIndexOf('@');
  if (INVALID_ADDRESSES.has(address)) return 'invalid_email_address';
  const host = address.slice(at + 1);
  if (INVALID_HOSTS.has(host) || INVALID_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'invalid_email_dns';
  // Gmail's user names have at least 6 characters (Go's len: bytes).
  if (host === 'gmail.com' && Buffer.byteLength(address.slice(0, at), 'utf8') < 6) return 'invalid_email_address';
  // No single-label host receives mail (email@a, email@mycompanyltd).
  if (!host.includes('.')) return 'invalid_email_dns';
  return undefined;
}

const GO_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

/** Go's %q for the ASCII an address can hold (printable non-ASCII is kept, as Go keeps it). */
function goQuote(s: string): string {
  let quoted = '"';
  for (const c of s) {
    const code = c.charCodeAt(0);
    quoted += GO_ESCAPES[c] ?? (code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : c);
  }
  return `${quoted}"`;
}

/** GoTrue's answer when its mailer refuses a recipient (internal/api/mail.go, sendEmail). */
export const emailAddressInvalid = (email: string): AuthError => badRequest('email_address_invalid', `Email address ${goQuote(email)} is invalid`);

/**
 * Refuses a recipient before anything is written for the mail to it, when extended validation is
 * on: GoTrue sends inside the transaction that made the change, so a refused address changes nothing.
 */
export function checkRecipient(config: Pick<Config, 'mailerEmailValidationExtended'>, email: string): void {
  if (config.mailerEmailValidationExtended && recipientProblem(email) !== undefined) throw emailAddressInvalid(email);
}
